/** Running a command from the test scripts (run.ts, faults.ts). */
import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves with its exit code and output. In the foreground its output streams
 * to ours as it comes; in the background (`echo: false`) it is kept and printed in one piece when
 * the command ends, so two lanes running at once never interleave their lines.
 */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  echo = true,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const line = `\n$ ${command} ${args.join(' ')}`;
    console.log(echo ? line : `${line}\n  (in the background; its output follows when it ends)`);
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk;
      if (echo) stream.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => {
      if (!echo) console.log(`${line}\n${output}`);
      resolve({ code: code ?? 1, output });
    });
  });
}
