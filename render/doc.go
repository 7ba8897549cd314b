// Package render draws shogi positions for people: a compact plain-text
// board for terminals ([Text]) and a scalable picture in SVG 1.1 ([SVG]),
// as a printed problem diagram shows it.
//
// Like package record, render stands above the rules core and applies no
// tsume convention: the board, both hands and the side to move are shown
// exactly as the position has them. It uses only the standard library
// and the outlines of its characters, generated data in
// render/internal/glyphs (see docs/render.md).
package render
