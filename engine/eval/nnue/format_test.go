package nnue

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"FeatureHash", FeatureHash, 0x5D69D7B8},
		{"NetworkHash", NetworkHash, 0x63337156},
		{"FileHash", FileHash, 0x3E5AA6EE},
	} {
		if c.got != c.want {
			t.Errorf("%s = 0x%08X, want 0x%08X", c.name, c.got, c.want)
		}
	}
	if NumFeatures != 125388 {
		t.Errorf("NumFeatures = %d, want 125388", NumFeatures)
	}
	if len(Architecture) != 178 {
		t.Errorf("len(Architecture) = %d, want 178", len(Architecture))
	}
}

// TestReadSynthetic reads the synthetic file and checks every parameter.
func TestReadSynthetic(t *testing.T) {
	data, n := shared(t)
	if len(data) != FileSize {
		t.Fatalf("the synthetic file is %d bytes, want %d", len(data), FileSize)
	}
	checkParameters(t, n, testSynth)
	if n.Architecture() != Architecture || n.Compressed() {
		t.Errorf("Architecture() = %q, Compressed() = %v", n.Architecture(), n.Compressed())
	}
}

// checkParameters compares every parameter of n with s.
func checkParameters(t *testing.T, n *Network, s synth) {
	t.Helper()
	bad := 0
	report := func(what string, i int, got, want any) {
		if bad++; bad <= 5 {
			t.Errorf("%s[%d] = %v, want %v", what, i, got, want)
		}
	}
	for j := range HalfDimensions {
		if n.ftBiases[j] != s.ftBias(j) {
			report("ftBiases", j, n.ftBiases[j], s.ftBias(j))
		}
	}
	if len(n.ftWeights) != s.ftWeightCount() {
		t.Fatalf("%d feature weights, want %d", len(n.ftWeights), s.ftWeightCount())
	}
	for i, w := range n.ftWeights {
		if w != s.ftWeight(i) {
			report("ftWeights", i, w, s.ftWeight(i))
		}
	}
	for i := range 32 {
		for j := range 512 {
			if got, want := packedWeight(n.l1Packed[:], 32, i, j), s.l1Weight(i*512+j); got != want {
				report("l1 weight (row-major)", i*512+j, got, want)
			}
		}
		if n.l1Biases[i] != s.l1Bias(i) || n.l2Biases[i] != s.l2Bias(i) || n.outWeights[i] != s.outWeight(i) {
			report("l1/l2 bias, out weight", i, []any{n.l1Biases[i], n.l2Biases[i], n.outWeights[i]},
				[]any{s.l1Bias(i), s.l2Bias(i), s.outWeight(i)})
		}
	}
	for i := range 32 {
		for j := range 32 {
			if got, want := packedWeight(n.l2Packed[:], 32, i, j), s.l2Weight(i*32+j); got != want {
				report("l2 weight (row-major)", i*32+j, got, want)
			}
		}
	}
	if n.outBias != s.outBias() {
		report("outBias", 0, n.outBias, s.outBias())
	}
}

// packedWeight returns the weight of input j for output i of a packed
// layer with the given number of outputs.
func packedWeight(packed []int64, outputs, i, j int) int8 {
	lo, hi := unpack(packed[j*outputs/2+i/2])
	if i%2 == 1 {
		return int8(hi)
	}
	return int8(lo)
}

// The sections of the standard file and the offsets where they end.
var sections = []struct {
	name string
	end  int64
}{
	{"header version", 4},
	{"header hash", 8},
	{"header architecture length", 12},
	{"header architecture", 190},
	{"feature transformer hash", 194},
	{"feature transformer biases", 706},
	{"feature transformer weights", 706 + 2*NumFeatures*HalfDimensions},
	{"network hash", 64199366},
	{"hidden layer 1 biases", 64199494},
	{"hidden layer 1 weights", 64215878},
	{"hidden layer 2 biases", 64216006},
	{"hidden layer 2 weights", 64217030},
	{"output layer biases", 64217034},
	{"output layer weights", FileSize},
}

// TestTruncated cuts the file one byte before the end of every section
// and exactly at it: each must be an error naming the section that is cut
// short (or the next one, which is missing) and the offset of the end.
func TestTruncated(t *testing.T) {
	data, _ := shared(t)
	if sections[6].end != 64199362 {
		t.Fatalf("feature weights end at %d", sections[6].end)
	}
	start := int64(0)
	for i, s := range sections {
		cuts := []struct {
			at      int64
			section string
		}{{s.end - 1, s.name}}
		if s.end-start > 2 {
			cuts = append(cuts, struct {
				at      int64
				section string
			}{start + 1, s.name})
		}
		if i+1 < len(sections) {
			cuts = append(cuts, struct {
				at      int64
				section string
			}{s.end, sections[i+1].name})
		}
		for _, c := range cuts {
			_, err := Read(bytes.NewReader(data[:c.at]))
			fe, ok := errors.AsType[*FormatError](err)
			if !ok {
				t.Errorf("cut at %d: error %v, want a *FormatError", c.at, err)
				continue
			}
			if fe.Section != c.section || fe.Offset != c.at || !errors.Is(err, io.ErrUnexpectedEOF) ||
				!strings.Contains(err.Error(), "truncated file") {
				t.Errorf("cut at %d: %v; want section %q at offset %d, unexpected EOF", c.at, err, c.section, c.at)
			}
		}
		start = s.end
	}
	_, err := Read(bytes.NewReader(nil))
	if fe, ok := errors.AsType[*FormatError](err); !ok || fe.Section != "header version" {
		t.Errorf("empty file: %v", err)
	}
}

// patched returns a reader of data with the bytes at off replaced by p,
// without copying the 64 MB.
func patched(data []byte, off int, p []byte) io.Reader {
	return io.MultiReader(bytes.NewReader(data[:off]), bytes.NewReader(p), bytes.NewReader(data[off+len(p):]))
}

func TestCorrupt(t *testing.T) {
	data, _ := shared(t)
	u32 := func(v uint32) []byte { return le32(nil, v) }
	for _, c := range []struct {
		name    string
		r       io.Reader
		section string
		offset  int64
		msg     string
	}{
		{"version", patched(data, 0, u32(0x7AF32F17)), "header version", 0, "version 0x7AF32F17, want 0x7AF32F16"},
		{"file hash", patched(data, 4, u32(0x3E5AA6EF)), "header hash", 4, "hash 0x3E5AA6EF, want 0x3E5AA6EE"},
		{"architecture length", patched(data, 8, u32(0xFFFFFFF0)), "header architecture length", 8, "architecture string of 4294967280 bytes"},
		{"architecture", patched(data, 12+25, []byte("9")), "header architecture", 12, `architecture "Features=HalfKP(Friend)[195388->256x2]`},
		{"shorter architecture", patched(data, 8, u32(177)), "header architecture", 12, "architecture"},
		{"feature hash", patched(data, 190, u32(0x5D69D7B9)), "feature transformer hash", 190, "want 0x5D69D7B8"},
		{"network hash", patched(data, 64199362, u32(0)), "network hash", 64199362, "hash 0x00000000, want 0x63337156"},
		{"trailing byte", io.MultiReader(bytes.NewReader(data), strings.NewReader("x")), "end of file", FileSize, "data after the output layer"},
		{"compressed size too small", patched(data, 194, append([]byte(leb128Magic), u32(10)...)), "feature transformer biases", 211, "compressed size 10 bytes cannot hold 256"},
	} {
		_, err := Read(c.r)
		fe, ok := errors.AsType[*FormatError](err)
		if !ok {
			t.Errorf("%s: error %v, want a *FormatError", c.name, err)
			continue
		}
		if fe.Section != c.section || fe.Offset != c.offset || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v\nwant section %q, offset %d, message with %q", c.name, err, c.section, c.offset, c.msg)
		}
	}
}

// TestSparseArchitecture reads a file whose header names the first layer
// AffineTransformSparseInput, as some builds write it.
func TestSparseArchitecture(t *testing.T) {
	data, _ := shared(t)
	var head []byte
	head = le32(head, Version)
	head = le32(head, FileHash)
	head = le32(head, uint32(len(sparseArchitecture)))
	head = append(head, sparseArchitecture...)
	n, err := Read(io.MultiReader(bytes.NewReader(head), bytes.NewReader(data[190:])))
	if err != nil {
		t.Fatal(err)
	}
	if n.Architecture() != sparseArchitecture {
		t.Errorf("Architecture() = %q", n.Architecture())
	}
}

// TestCompressed reads the LEB128-compressed form of the synthetic
// network, and rejects broken compressed data.
func TestCompressed(t *testing.T) {
	_, plain := shared(t)
	data := testSynth.file(writeOptions{compressed: true})
	n, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !n.Compressed() {
		t.Error("Compressed() = false")
	}
	checkParameters(t, n, testSynth)
	if n.ftBiases != plain.ftBiases || !equalInt16s(n.ftWeights, plain.ftWeights) {
		t.Error("the compressed network differs from the plain one")
	}

	// Replace the biases block (the magic at 194, its size at 211, the
	// values from 215) by broken ones.
	biasEnd := 215 + int(le32u(data[211:]))
	block := func(payload ...[]byte) io.Reader {
		b := []byte(leb128Magic)
		b = le32(b, uint32(len(bytes.Join(payload, nil))))
		b = append(b, bytes.Join(payload, nil)...)
		return io.MultiReader(bytes.NewReader(data[:194]), bytes.NewReader(b), bytes.NewReader(data[biasEnd:]))
	}
	ones := func(k int) []byte { return bytes.Repeat([]byte{1}, k) }
	if _, err := Read(block(ones(256))); err != nil {
		t.Fatalf("a well-formed replacement block: %v", err)
	}
	for _, c := range []struct {
		name string
		r    io.Reader
		msg  string
	}{
		{"one value too many", block(ones(257)), "holds more than 256 values"},
		{"one value short", block(ones(254), []byte{0x81, 0x01}), "holds 255 values, want 256"},
		{"ends inside a value", block(ones(255), []byte{0x81}), "ends inside LEB128 value 255"},
		{"value out of range", block([]byte{0x80, 0x80, 0x02}, ones(255)), "LEB128 value 0 is 32768, outside int16"},
		{"four-byte value", block([]byte{0x80, 0x80, 0x80, 0x01}, ones(255)), "longer than three bytes"},
		{"cut inside", bytes.NewReader(data[:biasEnd-100]), "truncated file"},
	} {
		_, err := Read(c.r)
		fe, ok := errors.AsType[*FormatError](err)
		if !ok || !strings.Contains(err.Error(), c.msg) || fe.Section != "feature transformer biases" {
			t.Errorf("%s: %v, want a *FormatError of the biases with %q", c.name, err, c.msg)
		}
	}
}

func le32u(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func equalInt16s(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestLoad(t *testing.T) {
	data, _ := shared(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "nn.bin")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := Load(good)
	if err != nil {
		t.Fatal(err)
	}
	if n.Architecture() != Architecture {
		t.Errorf("Architecture() = %q", n.Architecture())
	}

	short := filepath.Join(dir, "short.bin")
	if err := os.WriteFile(short, data[:1000], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(short)
	fe, ok := errors.AsType[*FormatError](err)
	if !ok || fe.File != short || fe.Section != "feature transformer weights" || !strings.Contains(err.Error(), short) {
		t.Errorf("Load(short) = %v", err)
	}

	if _, err := Load(filepath.Join(dir, "missing.bin")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want fs.ErrNotExist", err)
	}
}
