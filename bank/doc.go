// Package bank stores tsume problems in an SQLite file: deduplicated by a
// canonical key that identifies mirror images, queryable by length,
// difficulty, pieces, mating piece and king region, with the statistics
// and empirical ratings of the attempts players make.
package bank
