package match

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// fakeEnv names the environment variable that turns the test binary into
// a scripted USI engine; its value is the script (see fakeEngine).
const fakeEnv = "TSUME_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fake returns the configuration of the test binary as a fake engine
// playing the script mode. (Under -race, a binary sleeps a second at
// exit unless GORACE says otherwise.)
func fake(mode string) EngineConfig {
	return EngineConfig{Argv: []string{os.Args[0]}, Env: []string{fakeEnv + "=" + mode, "GORACE=atexit_sleep_ms=0"}, StartTimeout: 2 * time.Second}
}

// fakeEngine speaks USI on the standard streams as the script mode says,
// and returns the exit status. Every script but nousiok and noreadyok
// answers the handshake; on go they do:
//
//	random    a random legal move (resign without one)
//	illegal   a well-formed move that is not legal (5e5d: no piece there)
//	badmove   a bestmove that is not a move ("xyzzy")
//	resign    bestmove resign
//	win       bestmove win, wrongly
//	timeout   nothing, not even after stop
//	slow      nothing until stop, then a random legal move
//	crash     exits at once
//	garbage   a line with control characters
//	flood     more lines that are not USI than a client passes over
//	longline  an info line longer than a client reads
//	say=TEXT  the line TEXT (such as "checkmate nomate", for go mate)
//
// A script "MODE@N" plays random moves for its first N answers, then
// follows MODE.
func fakeEngine(mode string) int {
	after := 0
	if m, n, ok := strings.Cut(mode, "@"); ok {
		mode = m
		fmt.Sscan(n, &after)
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	in := bufio.NewScanner(os.Stdin)
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), 1))
	pos := shogi.Startpos()
	answers := 0
	var pending bool // a go waiting for stop
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			if mode == "nousiok" {
				say("Fake engine banner, not USI")
				continue
			}
			say("id name fake-" + mode)
			say("id author tsume tests")
			say("option name Skill type spin default 0 min 0 max 20")
			say("usiok")
		case "isready":
			if mode != "noreadyok" {
				say("readyok")
			}
		case "position":
			g, err := record.ReadUSI([]byte(strings.Join(f, " ")))
			if err == nil {
				pos, err = g.PositionAt(len(g.Moves))
			}
			if err != nil {
				say("info string bad position: " + err.Error())
			}
		case "go":
			answers++
			m := mode
			if answers <= after {
				m = "random"
			}
			switch m {
			case "random":
				say("info depth 1 score cp 0 pv")
				say("bestmove " + randomMove(&pos, rng))
			case "illegal":
				say("bestmove 5e5d")
			case "badmove":
				say("bestmove xyzzy")
			case "resign":
				say("bestmove resign")
			case "win":
				say("bestmove win")
			case "timeout":
			case "slow":
				pending = true
			case "crash":
				return 3
			case "garbage":
				say("\x00\x01\x02 garbage")
			case "longline":
				say("info string " + strings.Repeat("x", maxLine))
				time.Sleep(time.Minute)
			case "flood":
				for i := range maxUnknown + 1 {
					say(fmt.Sprintf("hello %d", i))
				}
			default:
				if text, ok := strings.CutPrefix(m, "say="); ok {
					say(text)
				}
			}
		case "stop":
			if pending {
				pending = false
				say("bestmove " + randomMove(&pos, rng))
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// randomMove returns a random legal move of p in USI notation, or
// "resign" when there is none.
func randomMove(p *shogi.Position, rng *rand.Rand) string {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return "resign"
	}
	return moves[rng.IntN(len(moves))].String()
}
