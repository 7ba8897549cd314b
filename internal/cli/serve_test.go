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
		{nil, "want one of --bank FILE and --problems FILE"},
		{[]string{"--bank", "a.db", "--problems", "p.jsonl"}, "want one of --bank FILE and --problems FILE"},
		{[]string{"--problems", "p.jsonl", "extra"}, `unexpected argument "extra"`},
		{[]string{"--problems", "p.jsonl", "--nodes", "0"}, "must be positive"},
		{[]string{"--problems", filepath.Join(t.TempDir(), "missing.jsonl")}, "missing.jsonl"},
		{[]string{"--bank", "tsume.db"}, "the problem bank is not part of this build yet"},
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
// context ends (SIGINT, SIGTERM).
func TestServeRunsAndShutsDown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	var errb lockedBuffer
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--problems", "../../web/testdata/problems.jsonl"}, nil, &out, &errb)
	}()
	listening := regexp.MustCompile(`listening on (http://127\.0\.0\.1:[0-9]+/)`)
	var base string
	for start := time.Now(); base == ""; {
		if m := listening.FindStringSubmatch(errb.String()); m != nil {
			base = m[1]
		} else if time.Since(start) > 10*time.Second {
			t.Fatalf("serve did not start: %q", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	res, err := http.Get(base + "api/v1/problems/1/solution")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"usi":[`) {
		t.Errorf("status %d, %s", res.StatusCode, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != ExitOK || !strings.Contains(errb.String(), "tsume serve: shut down") {
			t.Errorf("exit %d after the shutdown; stderr %q", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not shut down")
	}
}
