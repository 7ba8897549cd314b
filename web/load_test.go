package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/shogi"
)

// The load test runs only when asked: go test ./web -run TestLoad -load.
var (
	loadTest    = flag.Bool("load", false, "run TestLoad, the load test over loopback")
	loadClients = flag.Int("load.clients", 100, "TestLoad: concurrent clients")
	loadTime    = flag.Duration("load.time", 30*time.Second, "TestLoad: how long the clients play")
	loadBank    = flag.Bool("load.bank", false, "TestLoad: serve from a problem bank (SQLite file) instead of memory")
)

// loadClient is one simulated player.
type loadClient struct {
	base      string
	http      *http.Client
	rng       *rand.Rand
	latencies []time.Duration
	errors    []string
	attempts  int // attempts recorded
	requests  int
}

// call sends a request and decodes its JSON answer into out; a status
// other than 200 is an error.
func (c *loadClient) call(method, path string, body, out any) bool {
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		c.errors = append(c.errors, fmt.Sprintf("%s %s: %v", method, path, err))
		return false
	}
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	c.latencies = append(c.latencies, time.Since(start))
	c.requests++
	if err != nil || res.StatusCode != http.StatusOK {
		c.errors = append(c.errors, fmt.Sprintf("%s %s: status %d %s %v", method, path, res.StatusCode, data, err))
		return false
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			c.errors = append(c.errors, fmt.Sprintf("%s %s: %v", method, path, err))
			return false
		}
	}
	return true
}

// play plays one problem: a random one of 1, 3 or 5 plies, its main line
// with now and then a hint, a wrong check taken back or a quiet move,
// and records the attempt.
func (c *loadClient) play() {
	plies := []int{1, 3, 5}[c.rng.IntN(3)]
	var p problemView
	if !c.call("GET", "/api/v1/problems/random?plies="+strconv.Itoa(plies)+"&seed="+strconv.FormatUint(c.rng.Uint64(), 10), nil, &p) {
		return
	}
	var sol struct {
		USI []string `json:"usi"`
	}
	if !c.call("GET", "/api/v1/problems/"+strconv.FormatInt(p.ID, 10)+"/solution", nil, &sol) {
		return
	}
	start := time.Now()
	path := "/api/v1/problems/" + strconv.FormatInt(p.ID, 10)
	pos, err := shogi.ParseSFEN(p.SFEN)
	if err != nil {
		c.errors = append(c.errors, err.Error())
		return
	}
	var moves []string
	for k := 0; k < len(sol.USI); k += 2 {
		switch c.rng.IntN(6) {
		case 0:
			c.call("GET", path+"/hint?moves="+joinMoves(moves), nil, nil)
		case 1: // a wrong check, taken back
			want := sol.USI[k]
			var wrong []shogi.Move
			for _, m := range pos.Checks(nil) {
				if m.String() != want {
					wrong = append(wrong, m)
				}
			}
			if len(wrong) > 0 {
				var a moveAnswer
				m := wrong[c.rng.IntN(len(wrong))]
				if c.call("POST", path+"/move", moveRequest{Moves: moves, Move: m.String()}, &a) && a.Result == resultCorrect {
					c.errors = append(c.errors, fmt.Sprintf("problem %d: %s after %v judged correct", p.ID, m, moves))
				}
			}
		case 2: // a quiet move
			for _, m := range pos.LegalMoves(nil) {
				if !pos.GivesCheck(m) {
					c.call("POST", path+"/move", moveRequest{Moves: moves, Move: m.String()}, nil)
					break
				}
			}
		}
		var a moveAnswer
		if !c.call("POST", path+"/move", moveRequest{Moves: moves, Move: sol.USI[k]}, &a) {
			return
		}
		m, _ := pos.ParseUSIMove(sol.USI[k])
		pos.DoMove(m)
		moves = append(moves, sol.USI[k])
		if k+1 == len(sol.USI) {
			if a.Result != resultSolved {
				c.errors = append(c.errors, fmt.Sprintf("problem %d: the last move %s: %s", p.ID, sol.USI[k], a.Result))
			}
			break
		}
		if a.Result != resultCorrect || a.Reply != sol.USI[k+1] {
			c.errors = append(c.errors, fmt.Sprintf("problem %d: %s: %s, reply %s, want %s", p.ID, sol.USI[k], a.Result, a.Reply, sol.USI[k+1]))
			return
		}
		r, _ := pos.ParseUSIMove(a.Reply)
		pos.DoMove(r)
		moves = append(moves, a.Reply)
	}
	if c.call("POST", "/api/v1/attempts", attemptRequest{ProblemID: p.ID, Session: "load-client-" + strconv.Itoa(int(c.rng.Uint32())),
		Solved: true, DurationMS: time.Since(start).Milliseconds()}, nil) {
		c.attempts++
	}
}

func joinMoves(ms []string) string {
	out := ""
	for i, m := range ms {
		if i > 0 {
			out += "%20"
		}
		out += m
	}
	return out
}

// TestLoad runs the real server on loopback with the test store and lets
// -load.clients clients play problems for -load.time: no request may
// fail, every attempt must be recorded; it prints the latencies.
func TestLoad(t *testing.T) {
	if !*loadTest {
		t.Skip("the load test runs with -load")
	}
	s, st := newTestServer(t, Limits{})
	recorded := func() int { return st.mem.Attempts() }
	if *loadBank {
		b, err := bank.Open(context.Background(), filepath.Join(t.TempDir(), "load.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if _, err := b.Add(context.Background(), testProblems(t)...); err != nil {
			t.Fatal(err)
		}
		s, err = New(Config{Store: b, IsNotFound: func(err error) bool { return errors.Is(err, bank.ErrNotFound) }, Log: discardLogger()})
		if err != nil {
			t.Fatal(err)
		}
		recorded = func() int {
			st, err := b.Stats(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return st.Attempts
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, s, discardLogger()) }()
	base := "http://" + ln.Addr().String()
	tr := &http.Transport{MaxIdleConns: *loadClients, MaxIdleConnsPerHost: *loadClients, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}

	deadline := time.Now().Add(*loadTime)
	clients := make([]*loadClient, *loadClients)
	var wg sync.WaitGroup
	var played atomic.Int64
	for i := range clients {
		c := &loadClient{base: base, http: client, rng: rand.New(rand.NewPCG(uint64(i), 18))}
		clients[i] = c
		wg.Go(func() {
			for time.Now().Before(deadline) && len(c.errors) == 0 {
				c.play()
				played.Add(1)
			}
		})
	}
	wg.Wait()
	stop()
	if err := <-done; err != nil {
		t.Errorf("the server's shutdown: %v", err)
	}
	var all []time.Duration
	requests, attempts := 0, 0
	for _, c := range clients {
		all = append(all, c.latencies...)
		requests += c.requests
		attempts += c.attempts
		for _, e := range c.errors[:min(len(c.errors), 3)] {
			t.Error(e)
		}
	}
	if got := recorded(); got != attempts {
		t.Errorf("%d attempts recorded, the store holds %d", attempts, got)
	}
	slices.Sort(all)
	q := func(f float64) time.Duration { return all[min(int(f*float64(len(all))), len(all)-1)] }
	t.Logf("bank %v, %d clients, %v: %d problems played, %d requests (%.0f/s), %d attempts recorded; latency p50 %v, p90 %v, p99 %v, max %v",
		*loadBank, *loadClients, *loadTime, played.Load(), requests, float64(requests)/loadTime.Seconds(), attempts,
		q(0.50).Round(time.Microsecond), q(0.90).Round(time.Microsecond), q(0.99).Round(time.Microsecond), all[len(all)-1].Round(time.Microsecond))
}
