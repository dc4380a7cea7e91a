import { applyKeys, type HiddenLine } from './hiddenInput';

/** The longest password line read from a pipe: far past the policy's maximum, short of reading a whole file. */
const MAX_PIPED_BYTES = 4096;

export class PasswordCancelled extends Error {
  override name = 'PasswordCancelled';
}

/** A line typed at the terminal with its echo off: nothing of it reaches the screen or the scrollback. */
function readHiddenLine(prompt: string, input: NodeJS.ReadStream, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let line: HiddenLine = { text: '', done: false, cancelled: false };
    const onData = (keys: string) => {
      line = applyKeys(line, keys);
      if (!line.done) return;
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (line.cancelled) reject(new PasswordCancelled('cancelled'));
      else resolve(line.text);
    };
    input.setEncoding('utf8');
    // Echo off before the prompt: whatever is typed once it shows is never echoed.
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
    output.write(prompt);
  });
}

/** The first line of a pipe or a file (`echo "$PASSWORD" | npm run user -- add ...`), without its line end. */
async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n') || text.length > MAX_PIPED_BYTES) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/**
 * A new password: on a terminal typed twice without echo (the two must match), otherwise the first line of standard
 * input. Prompts go to stderr, so stdout stays the command's answer.
 */
export async function readNewPassword(
  name: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) return readFirstLine(input);
  const first = await readHiddenLine(`New password for ${name}: `, input, output);
  const again = await readHiddenLine('The same password again: ', input, output);
  if (first !== again) throw new PasswordCancelled('the two passwords differ; nothing was changed');
  return first;
}
