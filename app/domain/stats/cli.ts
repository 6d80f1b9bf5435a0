// The svc-stats command as a pure function from stdin text to stdout, stderr and exit status (the shim does the I/O).
import { analyzeResolved } from "./engine";
import { parseAnalysisInput } from "./input";

export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 2;

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export function runCli(stdinText: string): CliResult {
  let json: unknown;
  try {
    json = JSON.parse(stdinText);
  } catch (error) {
    // One line on stderr: JSON.parse quotes the offending input, newlines included.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
    return { stdout: "", stderr: `svc-stats: input is not valid JSON: ${reason}\n`, exitCode: EXIT_BAD_INPUT };
  }
  const parsed = parseAnalysisInput(json);
  if (!parsed.ok) return { stdout: "", stderr: `svc-stats: invalid input: ${parsed.error}\n`, exitCode: EXIT_BAD_INPUT };
  return { stdout: `${JSON.stringify(analyzeResolved(parsed.input))}\n`, stderr: "", exitCode: EXIT_OK };
}
