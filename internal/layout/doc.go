// Package layout holds no code: its tests check the shape of the
// repository that docs/design.md describes — which package may import
// which, how long a file may grow, and that the command layer shares no
// type between two commands.
package layout
