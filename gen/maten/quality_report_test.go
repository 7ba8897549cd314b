package maten

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

var qualityFiles = flag.String("quality-files", "", "TestQualityReport: comma-separated jsonl files of generate, whose themes and quality scores to print")

// qualityRecord is the part of a jsonl record of generate that
// TestQualityReport reads.
type qualityRecord struct {
	Quality *struct {
		Score float64 `json:"score"`
	} `json:"quality"`
	Optimized *struct {
		From float64 `json:"from"`
	} `json:"optimized"`
	Themes []struct {
		Name string `json:"name"`
	} `json:"themes"`
}

// qualitySummary is what TestQualityReport prints of one file: the share
// of problems that have each theme (a theme counted once a problem), and
// the quality scores as generated ("from", only for a run with --optimize
// quality) and as emitted.
type qualitySummary struct {
	n      int
	themes map[string]int
	before []float64 // the scores before the optimisation, when recorded
	after  []float64
}

// summarizeQuality reads jsonl records of generate.
func summarizeQuality(data []byte) (qualitySummary, error) {
	s := qualitySummary{themes: map[string]int{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var rec qualityRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return s, fmt.Errorf("line %d: %w", line, err)
		}
		if rec.Quality == nil {
			return s, fmt.Errorf("line %d: no \"quality\" field", line)
		}
		s.n++
		seen := map[string]bool{}
		for _, th := range rec.Themes {
			if !seen[th.Name] {
				seen[th.Name] = true
				s.themes[th.Name]++
			}
		}
		s.after = append(s.after, rec.Quality.Score)
		if rec.Optimized != nil {
			s.before = append(s.before, rec.Optimized.From)
		}
	}
	return s, sc.Err()
}

// distribution writes the mean, the quartiles and the range of xs.
func distribution(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	ys := slices.Clone(xs)
	slices.Sort(ys)
	sum := 0.0
	for _, y := range ys {
		sum += y
	}
	q := func(f float64) float64 { return ys[int(f*float64(len(ys)-1)+0.5)] }
	return fmt.Sprintf("mean %.2f, quartiles %.2f / %.2f / %.2f, range %.2f–%.2f", sum/float64(len(ys)), q(0.25), q(0.5), q(0.75), ys[0], ys[len(ys)-1])
}

func TestSummarizeQuality(t *testing.T) {
	data := []byte(`{"quality":{"score":5},"optimized":{"from":4},"themes":[{"name":"sacrifice","ply":1},{"name":"lure","ply":1},{"name":"sacrifice","ply":3}]}

{"quality":{"score":7},"optimized":{"from":7},"themes":[]}
`)
	s, err := summarizeQuality(data)
	if err != nil {
		t.Fatal(err)
	}
	if s.n != 2 || s.themes["sacrifice"] != 1 || s.themes["lure"] != 1 || len(s.themes) != 2 {
		t.Errorf("summary %+v: want 2 problems, sacrifice and lure once each", s)
	}
	if !slices.Equal(s.before, []float64{4, 7}) || !slices.Equal(s.after, []float64{5, 7}) {
		t.Errorf("scores before %v after %v, want [4 7] [5 7]", s.before, s.after)
	}
	if got, want := distribution(s.after), "mean 6.00, quartiles 5.00 / 7.00 / 7.00, range 5.00–7.00"; got != want {
		t.Errorf("distribution = %q, want %q", got, want)
	}
	if _, err := summarizeQuality([]byte("{\"quality\":{\"score\":1}}\n{\"themes\":[]}\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a record without quality: error %v, want one naming line 2", err)
	}
}

// TestQualityReport prints, for each jsonl file of -quality-files, the
// share of each theme and the quality scores' distribution, before and
// after the optimisation when the run had --optimize quality (the
// report of docs/quality-report.md; scripts/quality-report.sh runs it).
func TestQualityReport(t *testing.T) {
	if *qualityFiles == "" {
		t.Skip("with -quality-files")
	}
	for _, path := range strings.Split(*qualityFiles, ",") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := summarizeQuality(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		t.Logf("%s: %d problems", path, s.n)
		names := make([]string, 0, len(s.themes))
		for name := range s.themes {
			names = append(names, name)
		}
		sort.Slice(names, func(i, j int) bool {
			if s.themes[names[i]] != s.themes[names[j]] {
				return s.themes[names[i]] > s.themes[names[j]]
			}
			return names[i] < names[j]
		})
		var b strings.Builder
		for _, name := range names {
			fmt.Fprintf(&b, " %s %.0f%%,", name, 100*float64(s.themes[name])/float64(max(s.n, 1)))
		}
		t.Logf("  themes:%s", strings.TrimSuffix(b.String(), ","))
		if len(s.before) > 0 {
			t.Logf("  quality before --optimize quality: %s", distribution(s.before))
		}
		t.Logf("  quality: %s", distribution(s.after))
	}
}
