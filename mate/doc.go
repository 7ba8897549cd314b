// Package mate holds the tsume solvers built on the rules core: the exact
// mate-in-1 search with its difficulty statistics, the tsume convention
// for the defender's hand, and problem validity.
package mate
