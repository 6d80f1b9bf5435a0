// Public surface of the statistics engine for the rest of the app (results page, jobs, the validity
// simulation): the engine's only door; nothing outside app/domain/stats/ imports a file inside it.
export { analyze, StatsInputError } from "./engine";
export { DEFAULT_ALPHA, parseAnalysisInput } from "./input";
export { armMoments, type ArmTotals } from "./moments";
export { absoluteDifference, logRatio } from "./lift";
export { nearNormal } from "./skewness";
export { cupedAdjust } from "./cuped";
export { intervalOf, ratioDifference, ratioEstimate, type Interval, type RatioSums } from "./ratio-metric";
export { learnedSpread, type PastLift } from "./empirical-prior";
export { welchDegreesOfFreedom, welchTest } from "./welch";
export {
  DEFAULT_SEQUENTIAL_TUNING,
  plannedSequentialMultiplier,
  sequentialHalfWidth,
  sequentialMultiplier,
  sequentialPValue,
  sequentialRho,
  sequentialTest,
} from "./sequential";
export { bayesianRelativeTest, bayesianTest, chanceToWin, credibleInterval, DEFAULT_PRIOR, effectPosterior, expectedLoss } from "./bayesian";
export { fiellerLiftInterval } from "./fieller";
export { holmAdjust } from "./holm";
export { sequentialSampleRatioPValue } from "./srm-sequential";
export { isSampleRatioMismatch, sampleRatioTest, SRM_P_VALUE_THRESHOLD } from "./srm";
export { daysToGo, usersPerArmForMean, usersPerArmForRate } from "./power";
export { normalCdf, normalPdf, normalQuantile } from "./distributions/normal";
export { studentTCdf, studentTPdf, studentTQuantile } from "./distributions/student-t";
export { chiSquareCdf, chiSquareSurvival } from "./distributions/chi-square";
export { logGamma } from "./distributions/gamma";
export type * from "./types";
