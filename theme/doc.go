// Package theme recognises the themes (手筋) of a tsume problem on its
// main line: the sacrifices and what they achieve, necessary
// non-promotion and the check only an unpromoted piece gives, the
// avoided drop-pawn mate, distant and limited drops,
// discovered and double checks, the defender's distant and moving
// interpositions, and the named final positions (詰め上がり).
//
// [Find] replays a main line with the rules core and reports each theme
// with the ply where it happens (1 = the first move). The themes that
// ask "would the other choice also mate?" — necessary non-promotion, the
// distant and limited drops — ask the df-pn solver of package mate, with
// a node budget per search; a search that runs out of budget claims
// nothing. The definitions, and the sources they are built from, are in
// docs/themes.md; [Catalogue] lists every theme with its Japanese name.
package theme
