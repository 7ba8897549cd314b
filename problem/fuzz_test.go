package problem

import (
	"bytes"
	"os"
	"reflect"
	"testing"
)

// Seed corpora: the classic list and a few malformed lines. Run with
// go test -fuzz=FuzzReadTSV ./problem to search further.
func FuzzReadTSV(f *testing.F) {
	if data, err := os.ReadFile(classicFile); err == nil {
		f.Add(data)
	}
	f.Add([]byte("a\t1\t-\tconstructed\t4k4/9/4S4/9/9/9/9/9/9 b G 1\tG*5b\n"))
	f.Add([]byte("id\tx\n-\t0\t0\t-\t9/9/9/9/9/9/9/9/9 b - 1\t-\r\n"))
	f.Add([]byte("a\t+3\t1\tnomate\t4k4/9/9/9/9/9/9/9/9 b G 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ReadTSV(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		// What was read is written and read back unchanged, unless an ID
		// cannot be written.
		var b bytes.Buffer
		if WriteTSV(&b, ps) != nil {
			return
		}
		qs, err := ReadTSV(&b, "written")
		if err != nil {
			t.Fatalf("written list does not read back: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(ps, qs) {
			t.Fatalf("round trip changed the problems:\n%q\n%s", data, b.String())
		}
	})
}

func FuzzReadJSONL(f *testing.F) {
	f.Add([]byte(`{"sfen":"4k4/9/4S4/9/9/9/9/9/9 b G 1","solution":"G*5b","metrics":{"legal":3},"difficulty":1.5,"method":"reverse","seed":7,"index":2}`))
	f.Add([]byte(`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","plies":3,"status":"nomate","id":"x","raw_plies":4,"version":"v1"}` + "\n\n{}"))
	f.Add([]byte(`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","solution":" "}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ReadJSONL(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteJSONL(&b, ps); err != nil {
			t.Fatal(err)
		}
		qs, err := ReadJSONL(&b, "written")
		if err != nil {
			t.Fatalf("written problems do not read back: %v\n%s", err, b.String())
		}
		if len(ps) == 0 && len(qs) == 0 {
			return
		}
		if !reflect.DeepEqual(ps, qs) {
			t.Fatalf("round trip changed the problems:\n%q\n%s", data, b.String())
		}
	})
}
