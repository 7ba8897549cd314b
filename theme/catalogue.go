package theme

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The names of the themes, stable ASCII identifiers: what Find reports,
// what the JSON outputs carry and what a filter names. Their definitions
// are in docs/themes.md.
const (
	Sacrifice            = "sacrifice"              // 捨て駒
	MajorSacrifice       = "major-sacrifice"        // 大駒捨て
	DropSacrifice        = "drop-sacrifice"         // 打ち捨て
	PromotionSacrifice   = "promotion-sacrifice"    // 成り捨て
	FocalSacrifice       = "focal-sacrifice"        // 焦点の捨て駒
	FlightBlock          = "flight-block"           // 退路封鎖
	Lure                 = "lure"                   // 吊り出し
	Sending              = "sending"                // 送りの手筋
	Clearance            = "clearance"              // 邪魔駒消去
	Redrop               = "redrop"                 // 打ち替え
	Hostage              = "hostage"                // 質駒
	NonPromotion         = "non-promotion"          // 不成
	UnpromotedCheck      = "unpromoted-check"       // 王手のための不成
	DropPawnMateAvoided  = "drop-pawn-mate-avoided" // 打歩詰打開
	DistantDrop          = "distant-drop"           // 遠打
	LimitedDrop          = "limited-drop"           // 限定打
	DiscoveredCheck      = "discovered-check"       // 開き王手
	DoubleCheck          = "double-check"           // 両王手
	ConsecutiveUse       = "consecutive-use"        // 駒の連続活用
	DistantInterposition = "distant-interposition"  // 中合
	MovingInterposition  = "moving-interposition"   // 移動合
	CounterCheck         = "counter-check"          // 逆王手
	HeadGold             = "head-gold"              // 頭金
	TailGold             = "tail-gold"              // 尻金
	BellyGold            = "belly-gold"             // 腹金
	HangingKnight        = "hanging-knight"         // 吊し桂
	OneGapDragon         = "one-gap-dragon"         // 一間竜
	DoubleCheckMate      = "double-check-mate"      // 両王手の詰め上がり
	PinMate              = "pin-mate"               // ピンの詰め上がり
)

// Side says whose play a theme belongs to.
type Side int

// The sides of a theme.
const (
	Attacker Side = iota // a move of the attacker (攻方)
	Defender             // a reply of the defender (玉方)
	Final                // the final position (詰め上がり)
)

// Theme describes one theme of the catalogue.
type Theme struct {
	Name     string // the stable identifier, e.g. "focal-sacrifice"
	Japanese string // the usual Japanese term, e.g. "焦点の捨て駒"
	Side     Side
	// Solver is set for the themes whose decision asks the solver.
	Solver bool
}

// Catalogue returns every theme Find recognises, a fresh slice in the
// order Find reports the themes of one ply: the sacrifices and what they
// achieve, the other attacker themes, the defender's, the final
// positions.
func Catalogue() []Theme {
	return []Theme{
		{Sacrifice, "捨て駒", Attacker, false},
		{MajorSacrifice, "大駒捨て", Attacker, false},
		{DropSacrifice, "打ち捨て", Attacker, false},
		{PromotionSacrifice, "成り捨て", Attacker, false},
		{FocalSacrifice, "焦点の捨て駒", Attacker, false},
		{FlightBlock, "退路封鎖", Attacker, false},
		{Lure, "吊り出し", Attacker, false},
		{Sending, "送りの手筋", Attacker, false},
		{Clearance, "邪魔駒消去", Attacker, false},
		{Redrop, "打ち替え", Attacker, false},
		{Hostage, "質駒", Attacker, false},
		{NonPromotion, "不成", Attacker, true},
		{UnpromotedCheck, "王手のための不成", Attacker, false},
		{DropPawnMateAvoided, "打歩詰打開", Attacker, false},
		{DistantDrop, "遠打", Attacker, true},
		{LimitedDrop, "限定打", Attacker, true},
		{DiscoveredCheck, "開き王手", Attacker, false},
		{DoubleCheck, "両王手", Attacker, false},
		{ConsecutiveUse, "駒の連続活用", Attacker, false},
		{DistantInterposition, "中合", Defender, false},
		{MovingInterposition, "移動合", Defender, false},
		{CounterCheck, "逆王手", Defender, false},
		{HeadGold, "頭金", Final, false},
		{TailGold, "尻金", Final, false},
		{BellyGold, "腹金", Final, false},
		{HangingKnight, "吊し桂", Final, false},
		{OneGapDragon, "一間竜", Final, false},
		{DoubleCheckMate, "両王手の詰め上がり", Final, false},
		{PinMate, "ピンの詰め上がり", Final, false},
	}
}

// Japanese returns the Japanese term of the theme name, or "" for a name
// the catalogue does not have.
func Japanese(name string) string {
	for _, t := range Catalogue() {
		if t.Name == name {
			return t.Japanese
		}
	}
	return ""
}

// order returns the position of name in the catalogue (len for unknown).
func order(name string) int {
	c := Catalogue()
	for i, t := range c {
		if t.Name == name {
			return i
		}
	}
	return len(c)
}

// Summary writes found in Japanese for a record's comment or a page,
// grouped by ply in the order given: "1手目 捨て駒・打ち捨て、3手目 頭金".
// It is "" when found is empty; a name the catalogue does not have is
// written as it is.
func Summary(found []Found) string {
	var b strings.Builder
	for i, f := range found {
		switch {
		case i == 0:
		case f.Ply == found[i-1].Ply:
			b.WriteString("・")
		default:
			b.WriteString("、")
		}
		if i == 0 || f.Ply != found[i-1].Ply {
			b.WriteString(strconv.Itoa(f.Ply) + "手目 ")
		}
		if ja := Japanese(f.Name); ja != "" {
			b.WriteString(ja)
		} else {
			b.WriteString(f.Name)
		}
	}
	return b.String()
}

// UnknownNameError is the error of ParseNames for a name the catalogue
// does not have.
type UnknownNameError struct {
	Name string // the name as given
}

func (e *UnknownNameError) Error() string {
	names := make([]string, 0, 32)
	for _, t := range Catalogue() {
		names = append(names, t.Name)
	}
	return fmt.Sprintf("unknown theme %q (the themes: %s)", e.Name, strings.Join(names, ", "))
}

// ParseNames reads a comma-separated list of theme names ("lure,head-gold"),
// as a filter gives them: each name must be in the catalogue, spaces
// around a name are ignored, a name given twice counts once. An empty
// list gives nil; a name not in the catalogue gives an
// *UnknownNameError.
func ParseNames(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for n := range strings.SplitSeq(list, ",") {
		n = strings.TrimSpace(n)
		if order(n) == len(Catalogue()) {
			return nil, &UnknownNameError{Name: n}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}
