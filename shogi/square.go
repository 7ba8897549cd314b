package shogi

// Color is a side: Black (先手, moves first, towards rank a) or White (後手).
type Color uint8

// The two sides.
const (
	Black Color = 0
	White Color = 1
)

// Opp returns the other side.
func (c Color) Opp() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Square is a board square, numbered file by file: 1a = 0 … 9i = 80.
// NoSquare (81) stands for "none".
type Square int8

// NumSquares is the number of board squares.
const NumSquares = 81

// NoSquare is the value of a Square that names no square.
const NoSquare Square = 81

// NewSquare returns the square on file f (1–9) and rank r (1–9, where 1 is
// rank a). It does not check its arguments.
func NewSquare(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

// File returns the file of s, 1–9.
func (s Square) File() int { return int(s)/9 + 1 }

// Rank returns the rank of s, 1–9 (1 = rank a, the top rank from Black's side).
func (s Square) Rank() int { return int(s)%9 + 1 }

// Valid reports whether s names a board square.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the USI name of s, such as "7g", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// ParseSquare parses a USI square name such as "7g".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' {
		return NoSquare, &SyntaxError{What: "square", Input: s, Offset: -1, Msg: "want a file digit 1-9 followed by a rank letter a-i"}
	}
	return NewSquare(int(s[0]-'0'), int(s[1]-'a')+1), nil
}

// Mirror returns the square reflected left-right (file f becomes file 10-f).
func (s Square) Mirror() Square { return NewSquare(10-s.File(), s.Rank()) }

// Rotate returns the square seen from the other side (180° rotation).
func (s Square) Rotate() Square { return NumSquares - 1 - s }
