package shogi

// Kind is a piece kind without colour. The eight base kinds come first, in
// the order Pawn … King; a promoted kind is its base kind with the Promoted
// bit (8) set, so Promote and Demote are one bit operation.
type Kind uint8

// The piece kinds. NoKind is the empty square.
const (
	NoKind    Kind = iota
	Pawn           // 歩
	Lance          // 香
	Knight         // 桂
	Silver         // 銀
	Bishop         // 角
	Rook           // 飛
	Gold           // 金
	King           // 玉
	ProPawn        // と
	ProLance       // 成香
	ProKnight      // 成桂
	ProSilver      // 成銀
	Horse          // 馬 (promoted bishop)
	Dragon         // 竜 (promoted rook)

	// NumKinds is one more than the largest Kind.
	NumKinds
)

// PromotedBit is the bit that distinguishes a promoted kind from its base.
const PromotedBit Kind = 8

// handKinds lists the kinds a hand can hold, in the order SFEN writes them.
var handKinds = [7]Kind{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// CanPromote reports whether k is an unpromoted kind that may promote.
func (k Kind) CanPromote() bool { return k >= Pawn && k <= Rook }

// IsPromoted reports whether k is a promoted kind.
func (k Kind) IsPromoted() bool { return k > King && k < NumKinds }

// Promote returns the promoted kind of k; k must satisfy CanPromote.
func (k Kind) Promote() Kind { return k | PromotedBit }

// Demote returns the base kind of k: Horse gives Bishop, Gold gives Gold.
func (k Kind) Demote() Kind {
	if k.IsPromoted() {
		return k &^ PromotedBit
	}
	return k
}

// Valid reports whether k is one of the 14 piece kinds.
func (k Kind) Valid() bool { return k >= Pawn && k < NumKinds }

var kindLetters = [NumKinds]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}
var kindNames = [NumKinds]string{"none", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
	"promoted pawn", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"}

// Letter returns the SFEN letter of k as Black writes it: "P", "+R", ….
func (k Kind) Letter() string {
	if k >= NumKinds {
		return "?"
	}
	return kindLetters[k]
}

// String returns the English name of k.
func (k Kind) String() string {
	if k >= NumKinds {
		return "invalid"
	}
	return kindNames[k]
}

// kindFromLetter maps an upper-case SFEN letter to its unpromoted kind.
func kindFromLetter(b byte) Kind {
	switch b {
	case 'P':
		return Pawn
	case 'L':
		return Lance
	case 'N':
		return Knight
	case 'S':
		return Silver
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'G':
		return Gold
	case 'K':
		return King
	}
	return NoKind
}

// Piece is a coloured piece: the kind in the low four bits and the colour in
// bit 4. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of kind k and colour c.
func NewPiece(c Color, k Kind) Piece { return Piece(uint8(c)<<4 | uint8(k)) }

// Kind returns the kind of p.
func (p Piece) Kind() Kind { return Kind(p & 15) }

// Color returns the colour of p; it is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 4) }

// String returns the SFEN text of p: upper case for Black, lower for White.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	s := p.Kind().Letter()
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		s = string(b)
	}
	return s
}

// maxCount is how many pieces of each base kind the standard set holds.
var maxCount = [NumKinds]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4, King: 2}

// MaxCount returns how many pieces of base kind k the standard 40-piece set
// holds (counting both sides and promoted pieces as their base kind).
func MaxCount(k Kind) int { return maxCount[k.Demote()] }
