import { atom } from 'jotai';
import type { AppStore } from '../../store';

/** The console's question "is it you?" while an admin act waits: answered true once a step-up succeeded. */
export interface StepUpQuestion {
  answer: (steppedUp: boolean) => void;
}

export const stepUpQuestionAtom = atom<StepUpQuestion | null>(null);

/**
 * Asks the person to prove again who they are (the StepUpDialog shows while the question is open); acts that wait
 * at the same time share one question. Resolves true when they did, false when they cancelled.
 */
export function askStepUp(store: AppStore): Promise<boolean> {
  const open = store.get(stepUpQuestionAtom);
  if (open) {
    return new Promise((resolve) => {
      const first = open.answer;
      open.answer = (steppedUp) => {
        first(steppedUp);
        resolve(steppedUp);
      };
    });
  }
  return new Promise((resolve) => {
    store.set(stepUpQuestionAtom, {
      answer: (steppedUp) => {
        store.set(stepUpQuestionAtom, null);
        resolve(steppedUp);
      },
    });
  });
}
