// Package gen generates sound mate-in-1 problems (一手詰) by two methods:
// random placement followed by filtering, and reverse construction from a
// chosen mating move. Every problem is checked with the exact mate-in-1
// analysis of package mate: a legal position, Black to move, exactly one
// mating move, and the quality filters of Options.
//
// Generation is reproducible: problem i of a run is drawn from a random
// stream derived only from the seed and i, so the output is identical
// whatever the number of workers.
package gen
