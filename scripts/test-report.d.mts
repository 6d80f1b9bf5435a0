// Types of test-report.mjs, for its unit test.
export function slowestFiles(
  testResults: Array<{ name: string; startTime: number; endTime: number }>,
  count: number,
  root?: string,
): Array<{ file: string; seconds: number }>;

export interface VitestReport {
  success: boolean;
  startTime?: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
  [count: string]: unknown;
}
export function mergeReports(reports: Array<Partial<VitestReport> | null>): VitestReport;
export function writeMergedReport(files: string[], target: string): VitestReport;
