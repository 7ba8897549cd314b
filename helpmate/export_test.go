package helpmate

// SolveOverVariant solves over package variant even a standard position,
// for the tests that compare the two instantiations.
var SolveOverVariant = solveVariant
