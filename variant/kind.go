package variant

import "github.com/tsume-shogi/tsume/shogi"

// Kind is a piece kind of the variant layer. The standard kinds keep the
// values of package shogi (shogi.Pawn … shogi.Dragon, 1–14); the fairy
// kinds follow them.
type Kind = shogi.Kind

// The fairy kinds, after the standard ones.
const (
	Grasshopper Kind = shogi.NumKinds     // (GH), グ
	Lion        Kind = shogi.NumKinds + 1 // (LI), 獅

	// NumKinds is one more than the largest Kind of the variant layer.
	NumKinds = shogi.NumKinds + 2
)

// Offset is a step on the board as Black sees it: DF files to the left
// (towards file 9) is positive, DR < 0 is forward (towards rank a). White
// uses the same offsets with DR negated.
type Offset struct{ DF, DR int8 }

// HopRule says how a kind hops over a hurdle along its hop directions.
type HopRule uint8

// The hop rules.
const (
	NoHop HopRule = iota
	// GrasshopperHop passes over empty squares to the first occupied square
	// (the hurdle) and lands on the square just beyond it.
	GrasshopperHop
	// LionHop passes over exactly one hurdle at any distance and lands on
	// any square beyond it up to and including the next occupied square.
	LionHop
)

// KindDef defines a piece kind: one entry of the kind table. A leaper, a
// rider and a hopper are each one entry; a kind may combine all three.
type KindDef struct {
	Name  string // English name
	Token string // SFEN token as Black writes it: "P", "+R", "(GH)"
	Kanji string // one-character name for diagrams
	Steps []Offset
	Rides []Offset // directions ridden until the first occupied square (inclusive)
	Hops  []Offset // directions hopped along, by HopRule
	Hop   HopRule
	// Promotes is the kind it promotes to, NoKind if it never promotes.
	Promotes Kind
	// Base is the kind it returns to when captured (its own kind when
	// unpromoted).
	Base Kind
	// Hand reports whether the kind can be held in hand and dropped (then
	// Base == the kind itself).
	Hand bool
	// Royal reports whether every piece of the kind is royal (the king).
	Royal bool
	// Fairy reports a kind that is not part of standard shogi: it is
	// dropped on any empty square and written in parentheses.
	Fairy bool
}

var (
	orth  = []Offset{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	diag  = []Offset{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	queen = append(append([]Offset{}, orth...), diag...)
	gold  = []Offset{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
)

// kindDefs is the kind table. It is never written after initialisation.
var kindDefs = [NumKinds]KindDef{
	shogi.Pawn:      {Name: "pawn", Token: "P", Kanji: "歩", Steps: []Offset{{0, -1}}, Promotes: shogi.ProPawn, Base: shogi.Pawn, Hand: true},
	shogi.Lance:     {Name: "lance", Token: "L", Kanji: "香", Rides: []Offset{{0, -1}}, Promotes: shogi.ProLance, Base: shogi.Lance, Hand: true},
	shogi.Knight:    {Name: "knight", Token: "N", Kanji: "桂", Steps: []Offset{{-1, -2}, {1, -2}}, Promotes: shogi.ProKnight, Base: shogi.Knight, Hand: true},
	shogi.Silver:    {Name: "silver", Token: "S", Kanji: "銀", Steps: []Offset{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}, Promotes: shogi.ProSilver, Base: shogi.Silver, Hand: true},
	shogi.Bishop:    {Name: "bishop", Token: "B", Kanji: "角", Rides: diag, Promotes: shogi.Horse, Base: shogi.Bishop, Hand: true},
	shogi.Rook:      {Name: "rook", Token: "R", Kanji: "飛", Rides: orth, Promotes: shogi.Dragon, Base: shogi.Rook, Hand: true},
	shogi.Gold:      {Name: "gold", Token: "G", Kanji: "金", Steps: gold, Base: shogi.Gold, Hand: true},
	shogi.King:      {Name: "king", Token: "K", Kanji: "玉", Steps: queen, Base: shogi.King, Royal: true},
	shogi.ProPawn:   {Name: "promoted pawn", Token: "+P", Kanji: "と", Steps: gold, Base: shogi.Pawn},
	shogi.ProLance:  {Name: "promoted lance", Token: "+L", Kanji: "杏", Steps: gold, Base: shogi.Lance},
	shogi.ProKnight: {Name: "promoted knight", Token: "+N", Kanji: "圭", Steps: gold, Base: shogi.Knight},
	shogi.ProSilver: {Name: "promoted silver", Token: "+S", Kanji: "全", Steps: gold, Base: shogi.Silver},
	shogi.Horse:     {Name: "horse", Token: "+B", Kanji: "馬", Rides: diag, Steps: orth, Base: shogi.Bishop},
	shogi.Dragon:    {Name: "dragon", Token: "+R", Kanji: "龍", Rides: orth, Steps: diag, Base: shogi.Rook},
	Grasshopper:     {Name: "grasshopper", Token: "(GH)", Kanji: "グ", Hops: queen, Hop: GrasshopperHop, Base: Grasshopper, Hand: true, Fairy: true},
	Lion:            {Name: "lion", Token: "(LI)", Kanji: "獅", Hops: queen, Hop: LionHop, Base: Lion, Hand: true, Fairy: true},
}

// Def returns the table entry of k; k must be a valid kind.
func Def(k Kind) *KindDef { return &kindDefs[k] }

// ValidKind reports whether k is a kind of the variant layer.
func ValidKind(k Kind) bool { return k >= shogi.Pawn && k < NumKinds }

// KindName returns the English name of k.
func KindName(k Kind) string {
	if !ValidKind(k) {
		return "invalid"
	}
	return kindDefs[k].Name
}

// KindToken returns the SFEN token of k as Black writes it: "P", "+R",
// "(GH)".
func KindToken(k Kind) string {
	if !ValidKind(k) {
		return "?"
	}
	return kindDefs[k].Token
}

// handKinds lists the kinds a hand can hold, in the order SFEN writes
// them: the standard R B G S N L P, then the fairy kinds in table order.
var handKinds = func() []Kind {
	ks := []Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}
	for k := Kind(shogi.NumKinds); k < NumKinds; k++ {
		if kindDefs[k].Hand {
			ks = append(ks, k)
		}
	}
	return ks
}()

// HandKinds returns the kinds a hand can hold, in SFEN order. The caller
// must not modify the result.
func HandKinds() []Kind { return handKinds }
