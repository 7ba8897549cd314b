package cli

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
)

// kifProblem reads a problem: sfen and its line under rules.
func kifProblem(t *testing.T, sfen, rules, line string, goal problem.Goal) problem.Problem {
	t.Helper()
	p, err := problem.Parse(sfen, rules, goal, strings.Fields(line))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The KIF record of a fairy problem: the headers, the stipulation, the
// board with its fairy pieces, royals and rules, the moves with their
// origins, the closing line of a mate.
func TestProblemKIF(t *testing.T) {
	headers := []record.KIFHeader{{Key: "表題", Value: "test"}}
	for _, tc := range []struct {
		p    problem.Problem
		want string
	}{
		{kifProblem(t, "k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1", "tenjiku", "(GH)*9c", problem.Mate), `表題：test
後手の持駒：飛二　角　金三　銀四　桂四　香四　歩十七
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v玉 ・ ・ ・ ・ ・ ・ ・ ・|一
| 角v歩 ・ ・ ・ ・ ・ ・ ・|二
| ・ 金 ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：グ
条件：tenjiku
手数----指手---------消費時間--
   1 ９三グ打         ( 0:00/00:00:00)
まで1手で詰み
`},
		{kifProblem(t, "6$b2/5s3/9/6p2/9/9/9/9/9 b RSrb4g2s4n4l17p 1", "annan", "R*2a 3a1c S*2d", problem.Help), `表題：test
種類：ばか詰
後手の持駒：飛　角　金四　銀二　桂四　香四　歩十七
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・v角 ・ ・|一
| ・ ・ ・ ・ ・v銀 ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：飛　銀
異王：△３一角
条件：annan
手数----指手---------消費時間--
   1 ２一飛打         ( 0:00/00:00:00)
   2 １三角(31)       ( 0:00/00:00:00)
   3 ２四銀打         ( 0:00/00:00:00)
まで3手で詰み
`},
	} {
		got, err := problemKIF(&tc.p, headers)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("got\n%s\nwant\n%s", got, tc.want)
		}
	}
	// A problem of standard pieces under 安南 has a plain board and the
	// rules.
	std := kifProblem(t, "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1", "annan", "G*7c 7b7a N*7b", problem.Mate)
	if got, err := problemKIF(&std, nil); err != nil || !strings.Contains(got, "条件：annan\n") || strings.Contains(got, "異王") {
		t.Errorf("安南 on standard pieces: %v\n%s", err, got)
	}
}
