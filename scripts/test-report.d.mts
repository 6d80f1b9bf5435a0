// Types of test-report.mjs, for its unit test.
export function slowestFiles(
  testResults: Array<{ name: string; startTime: number; endTime: number }>,
  count: number,
  root?: string,
): Array<{ file: string; seconds: number }>;
