// Package record reads and writes shogi positions and game records in the
// formats other shogi software uses: the KIF board diagram (BOD) and KIF
// game records. It stands above the rules core and knows nothing of tsume.
package record
