package problem

import (
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Standard is the name of the standard rules as the --rules flag writes
// it; a Problem keeps them as the empty Rules.
const Standard = "standard"

// CanonicalRules returns the name a Problem keeps for the rule set named
// s (the --rules flag's comma-separated conditions, variant.ParseRules):
// "" for the standard rules ("" or "standard"), else the conditions'
// names joined by commas in the order given ("annan", "tenjiku,annan").
// An unknown or repeated condition is an error that names it.
func CanonicalRules(s string) (string, error) {
	r, err := variant.ParseRules(s)
	if err != nil {
		return "", err
	}
	return RulesName(r), nil
}

// RulesName returns the name of the rule set r as a Problem keeps it:
// "" for the standard rules, else the conditions' names joined by commas.
func RulesName(r *variant.Rules) string {
	var names []string
	for _, c := range r.Conditions() {
		names = append(names, c.Name())
	}
	return strings.Join(names, ",")
}

// VariantPosition returns the problem's position under its rules as a
// position of package variant, the attacker to move: Variant when it is
// set, else Position converted (variant.FromShogi). An unknown rules name
// is an error, a *variant.RulesError.
func (p *Problem) VariantPosition() (variant.Position, error) {
	if p.Variant != nil {
		return withRules(*p.Variant, p.Rules)
	}
	return variantPosition(&p.Position, p.Rules)
}

func variantPosition(sp *shogi.Position, rules string) (variant.Position, error) {
	return withRules(variant.FromShogi(sp), rules)
}

// withRules returns v under the rules named rules ("" standard).
func withRules(v variant.Position, rules string) (variant.Position, error) {
	if rules != "" {
		r, err := variant.ParseRules(rules)
		if err != nil {
			return v, err
		}
		v.SetRules(r)
	}
	return v, nil
}

// ParseLineRules reads a main line in USI from start under the rules
// named rules ("" standard, see CanonicalRules), checking each move's
// legality under them: under 安南 a pawn backed by a rook moves as a rook.
func ParseLineRules(start *shogi.Position, rules string, usi []string) ([]shogi.Move, error) {
	if rules == "" {
		return parseLine(start, usi)
	}
	q, err := variantPosition(start, rules)
	if err != nil {
		return nil, err
	}
	return parseVariantLine(q, usi)
}

var (
	fullWidth = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiRank = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// JapaneseVariantLine plays moves from p (which it does not change) and
// returns them in Japanese, in KIF's form, which needs no
// relative-position words (右, 引, …) to be unambiguous: the turn mark,
// the destination (同 for the square of the move before), the moving
// piece's kanji (グ the grasshopper, 獅 the lion), 成 or 不成 when the
// move could promote, 打 for a drop, and for a board move its origin in
// digits: "▲１三獅(19)", "△同　玉(22)", "▲２三グ打". Those words are
// defined for the standard pieces' movements, which a fairy piece, or a
// piece moving with another's power under 安南, does not follow. The
// moves must be legal in turn.
func JapaneseVariantLine(p *variant.Position, moves []variant.Move) []string {
	ja := make([]string, 0, len(moves))
	q, prevTo := *p, shogi.NoSquare
	for _, m := range moves {
		ja = append(ja, JapaneseVariantMove(&q, m, prevTo))
		prevTo = m.To()
		q.DoMove(m)
	}
	return ja
}

// JapaneseVariantMove is one move of JapaneseVariantLine: m, legal in p,
// in KIF's form, prevTo the square of the move before (shogi.NoSquare
// for none), which writes as 同.
func JapaneseVariantMove(p *variant.Position, m variant.Move, prevTo shogi.Square) string {
	s := "▲"
	if p.SideToMove() == shogi.White {
		s = "△"
	}
	if to := m.To(); to == prevTo {
		s += "同　"
	} else {
		s += fullWidth[to.File()] + kanjiRank[to.Rank()]
	}
	s += variant.Def(variant.MoveKind(m)).Kanji
	switch {
	case m.IsDrop():
		return s + "打"
	case m.IsPromotion():
		s += "成"
	case p.IsLegal(m.TogglePromotion()):
		s += "不成"
	}
	from := m.From()
	return s + "(" + strconv.Itoa(from.File()) + strconv.Itoa(from.Rank()) + ")"
}

// lineJA writes p's main line in Japanese, moves separated by spaces:
// shogi's notation under the standard rules, KIF's form under others
// (JapaneseVariantLine).
func (p *Problem) lineJA() string {
	if p.Rules == "" && p.Variant == nil {
		return japaneseLine(&p.Position, p.Line)
	}
	v, err := p.VariantPosition()
	if err != nil {
		return ""
	}
	return strings.Join(JapaneseVariantLine(&v, p.Line), " ")
}
