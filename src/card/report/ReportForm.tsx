import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Call } from '../../api/client';
import type { Locale } from '../../../shared/machine';
import type { NewReport } from '../../../shared/contract/problemReport';
import { REPORT_KINDS, REPORT_TEXT_MAX_LENGTH, type ReportKind } from '../../../shared/contract/reportKinds';
import classes from './ReportForm.module.css';
import { reportText, type ReportTextKey } from './reportTexts';
import { overLimit, sendReport, solvedChallenge } from './sendReport';

type Phase = 'editing' | 'sending' | 'received' | 'failed';

export interface ReportFormProps {
  machineId: string;
  call: Call;
  locale: Locale;
  onClose: () => void;
}

/**
 * The problem report form (issue 68), loaded when a visitor opens it: kind, optional text, a hidden honeypot. Plain
 * elements, and the API client and language as props: a lazy chunk that imported the shell's modules made the
 * bundler split the shell in two (+2.4 KB to the first load, decision 0070).
 */
export default function ReportForm({ machineId, call, locale, onClose }: ReportFormProps) {
  const say = (key: ReportTextKey) => reportText(locale, key);
  const [kind, setKind] = useState<ReportKind | ''>('');
  const [text, setText] = useState('');
  const [website, setWebsite] = useState('');
  const [phase, setPhase] = useState<Phase>('editing');
  const [failure, setFailure] = useState<ReportTextKey>('failed');
  const challenge = useRef<ReturnType<typeof solvedChallenge> | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLButtonElement>(null);

  const newChallenge = () => {
    challenge.current = solvedChallenge(call);
    challenge.current.catch(() => undefined);
  };
  useEffect(() => {
    newChallenge();
    first.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one challenge as the form opens
  }, []);
  useEffect(() => {
    if (phase === 'received') done.current?.focus();
  }, [phase]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kind === '' || phase === 'sending') return;
    setPhase('sending');
    try {
      if (challenge.current === null) newChallenge();
      const solved = await challenge.current!;
      const trimmed = text.trim();
      const report: NewReport = { machineId, kind, ...solved, ...(trimmed ? { text: trimmed } : {}) };
      await sendReport(call, website === '' ? report : { ...report, website });
      setPhase('received');
    } catch (error) {
      // A challenge pays for one try: the next try gets a new one.
      newChallenge();
      setFailure(overLimit(error) ? 'tooMany' : 'failed');
      setPhase('failed');
    }
  };

  if (phase === 'received') {
    return (
      <div className={classes.form} role="status">
        <p className={classes.received}>{say('received')}</p>
        <p className={classes.next}>{say('next')}</p>
        <div className={classes.actions}>
          <button ref={done} type="button" className={classes.secondary} onClick={onClose}>
            {say('close')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className={classes.form} onSubmit={(event) => void submit(event)}>
      <fieldset className={classes.kinds}>
        <legend className={classes.legend}>{say('kind')}</legend>
        {REPORT_KINDS.map((option, index) => (
          <label key={option} className={classes.kind}>
            <input
              ref={index === 0 ? first : undefined}
              type="radio"
              name="kind"
              value={option}
              checked={kind === option}
              required
              onChange={() => setKind(option)}
            />
            {say(option)}
          </label>
        ))}
      </fieldset>
      <label className={classes.textLabel}>
        {say('text')}
        <textarea
          className={classes.text}
          value={text}
          maxLength={REPORT_TEXT_MAX_LENGTH}
          rows={3}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </label>
      {/* A field people do not see and skip; a script that fills every field fills it (a honeypot). */}
      <div className={classes.honeypot} aria-hidden="true">
        <label>
          {say('honeypot')}
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.currentTarget.value)}
          />
        </label>
      </div>
      {phase === 'failed' && (
        <p role="alert" className={classes.failure}>
          {say(failure)}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.primary} disabled={kind === '' || phase === 'sending'}>
          {phase === 'sending' ? say('sending') : say('send')}
        </button>
        <button type="button" className={classes.secondary} onClick={onClose}>
          {say('cancel')}
        </button>
      </div>
    </form>
  );
}
