package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestServeUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bank", "a.db", "--problems", "p.jsonl"}, "want one of --bank FILE and --problems FILE, not both"},
		{[]string{"--problems", "p.jsonl", "extra"}, `unexpected argument "extra"`},
		{[]string{"--problems", "p.jsonl", "--nodes", "0"}, "must be positive"},
		{[]string{"--problems", "p.jsonl", "--mine-length", "32"}, "--mine-length 32: want 1 to 31 plies"},
		{[]string{"--problems", "p.jsonl", "--mine-nodes", "0"}, "--mine-nodes must be positive"},
		{[]string{"--problems", filepath.Join(t.TempDir(), "missing.jsonl")}, "missing.jsonl"},
		{[]string{"--bank", filepath.Join(t.TempDir(), "no", "such", "dir", "b.db")}, "b.db"},
		{[]string{"--problems", "../../web/testdata/problems.jsonl", "--addr", "256.0.0.1:1"}, "cannot listen on 256.0.0.1:1"},
	} {
		var out, errb bytes.Buffer
		code := Run(context.Background(), append([]string{"serve"}, c.args...), nil, &out, &errb)
		if code != ExitError || out.Len() != 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("serve %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out.String(), errb.String(), c.want)
		}
	}
}

// serve answers on the address it prints and shuts down cleanly when its
// context ends (SIGINT, SIGTERM), over problems in memory and over a bank.
func TestServeRunsAndShutsDown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "b.db")
	if code := Run(context.Background(), []string{"bank", "import", "--bank", db, "../../web/testdata/problems.jsonl"}, nil, io.Discard, io.Discard); code != ExitOK {
		t.Fatalf("bank import: exit %d", code)
	}
	for _, store := range [][]string{{"--problems", "../../web/testdata/problems.jsonl"}, {"--bank", db}} {
		serveOnce(t, store)
	}
}

// serveOnce runs serve with the flags store, checks that it answers and
// shuts down, and returns what it wrote on standard error.
func serveOnce(t *testing.T, store []string) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	var errb lockedBuffer
	done := make(chan int)
	go func() {
		done <- Run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, store...), nil, &out, &errb)
	}()
	listening := regexp.MustCompile(`listening on (http://127\.0\.0\.1:[0-9]+/)`)
	var base string
	for start := time.Now(); base == ""; {
		if m := listening.FindStringSubmatch(errb.String()); m != nil {
			base = m[1]
		} else if time.Since(start) > 10*time.Second {
			t.Fatalf("serve %v did not start: %q", store, errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{"api/v1/problems/1/solution", 200, `"usi":[`},
		{"api/v1/problems/999999", 404, `"error"`},
	} {
		res, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.code || !strings.Contains(string(body), c.want) {
			t.Errorf("serve %v: %s: status %d, %s", store, c.path, res.StatusCode, body)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != ExitOK || !strings.Contains(errb.String(), "tsume serve: shut down") {
			t.Errorf("serve %v: exit %d after the shutdown; stderr %q", store, code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not shut down")
	}
	return errb.String()
}
