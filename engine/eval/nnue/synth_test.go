package nnue

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"sync"
	"testing"
)

// A synth is a synthetic network: every parameter is a pseudo-random
// function of the seed and of the parameter's place in the file, so that
// the tests can write the file and compute the reference output without
// keeping a second 64 MB copy of the weights.
type synth struct{ seed uint64 }

// The sections of a file, for synth.val.
const (
	secFTBias = iota + 1
	secFTWeight
	secL1Bias
	secL1Weight
	secL2Bias
	secL2Weight
	secOutBias
	secOutWeight
)

// val returns 64 pseudo-random bits for parameter i of section sec
// (splitmix64 of the seed, the section and the index).
func (s synth) val(sec, i int) uint64 {
	z := s.seed ^ uint64(sec)<<40 ^ uint64(i)
	z += 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// in returns a value of section sec, index i, uniform in [lo, hi].
func (s synth) in(sec, i, lo, hi int) int {
	return lo + int(s.val(sec, i)%uint64(hi-lo+1))
}

// The parameters, in ranges that give the clipped ReLUs inputs below,
// inside and above their range; one feature-transformer weight in 512 is
// anywhere in the int16 range, so that the accumulators wrap around.
func (s synth) ftBias(j int) int16 { return int16(s.in(secFTBias, j, -60, 120)) }
func (s synth) ftWeight(i int) int16 {
	if v := s.val(secFTWeight, i); v%512 == 0 {
		return int16(v >> 32)
	}
	return int16(s.in(secFTWeight, i, -24, 24))
}
func (s synth) l1Bias(i int) int32     { return int32(s.in(secL1Bias, i, -3000, 5000)) }
func (s synth) l1Weight(i int) int8    { return int8(s.in(secL1Weight, i, -12, 12)) }
func (s synth) l2Bias(i int) int32     { return int32(s.in(secL2Bias, i, -3000, 5000)) }
func (s synth) l2Weight(i int) int8    { return int8(s.in(secL2Weight, i, -40, 40)) }
func (s synth) outBias() int32         { return int32(s.in(secOutBias, 0, -20000, 20000)) }
func (s synth) outWeight(i int) int8   { return int8(s.in(secOutWeight, i, -128, 127)) }
func (s synth) ftWeightCount() int     { return NumFeatures * HalfDimensions }
func le32(b []byte, v uint32) []byte   { return binary.LittleEndian.AppendUint32(b, v) }
func le16(b []byte, v uint16) []byte   { return binary.LittleEndian.AppendUint16(b, v) }
func appendLEB(b []byte, v int) []byte { return appendSLEB128(b, int64(v)) }

// appendSLEB128 appends v in signed LEB128: seven bits a byte, low bits
// first, the high bit set on all bytes but the last, which ends when the
// rest of the value is all sign bits and bit 6 of the byte agrees.
func appendSLEB128(b []byte, v int64) []byte {
	for {
		by := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && by&0x40 == 0) || (v == -1 && by&0x40 != 0) {
			return append(b, by)
		}
		b = append(b, by|0x80)
	}
}

// writeOptions vary the file synth.file writes.
type writeOptions struct {
	arch       string // the architecture string; Architecture if empty
	compressed bool   // the feature transformer in LEB128
}

// file returns the evaluation file of s, written from the format's
// description (docs/nnue.md).
func (s synth) file(o writeOptions) []byte {
	arch := o.arch
	if arch == "" {
		arch = Architecture
	}
	b := make([]byte, 0, FileSize+len(arch))
	b = le32(b, 0x7AF32F16)
	b = le32(b, 0x3E5AA6EE)
	b = le32(b, uint32(len(arch)))
	b = append(b, arch...)
	b = le32(b, 0x5D69D7B8)
	if o.compressed {
		b = compressedBlock(b, HalfDimensions, func(j int) int { return int(s.ftBias(j)) })
		b = compressedBlock(b, s.ftWeightCount(), func(i int) int { return int(s.ftWeight(i)) })
	} else {
		for j := range HalfDimensions {
			b = le16(b, uint16(s.ftBias(j)))
		}
		for i := range s.ftWeightCount() {
			b = le16(b, uint16(s.ftWeight(i)))
		}
	}
	b = le32(b, 0x63337156)
	for i := range 32 {
		b = le32(b, uint32(s.l1Bias(i)))
	}
	for i := range 32 * 512 {
		b = append(b, byte(s.l1Weight(i)))
	}
	for i := range 32 {
		b = le32(b, uint32(s.l2Bias(i)))
	}
	for i := range 32 * 32 {
		b = append(b, byte(s.l2Weight(i)))
	}
	b = le32(b, uint32(s.outBias()))
	for i := range 32 {
		b = append(b, byte(s.outWeight(i)))
	}
	return b
}

// compressedBlock appends count values in the LEB128-compressed form.
func compressedBlock(b []byte, count int, val func(int) int) []byte {
	var data []byte
	for i := range count {
		data = appendLEB(data, val(i))
	}
	b = append(b, "COMPRESSED_LEB128"...)
	b = le32(b, uint32(len(data)))
	return append(b, data...)
}

// The shared synthetic network, written and read once per test binary
// (64 MB).
var (
	sharedOnce sync.Once
	sharedFile []byte
	sharedNet  *Network
	sharedErr  error
)

// testSynth is the synthetic network the tests share.
var testSynth = synth{seed: 0x5EED_14}

// shared returns the bytes of the shared synthetic file and its Network.
func shared(tb testing.TB) ([]byte, *Network) {
	tb.Helper()
	sharedOnce.Do(func() {
		sharedFile = testSynth.file(writeOptions{})
		sharedNet, sharedErr = Read(bytes.NewReader(sharedFile))
	})
	if sharedErr != nil {
		tb.Fatalf("reading the synthetic file: %v", sharedErr)
	}
	return sharedFile, sharedNet
}

var synthOut = flag.String("synth-out", "", "TestWriteSynthetic: write the shared synthetic network (the file the YaneuraOu values of testdata/yaneuraou.tsv were computed with) to this file")

// TestWriteSynthetic writes the shared synthetic network to the file
// named by -synth-out, for an engine that reads the format to evaluate
// (docs/nnue.md, "Checked against YaneuraOu"), and checks that the
// package reads the file back.
func TestWriteSynthetic(t *testing.T) {
	if *synthOut == "" {
		t.Skip("no -synth-out file named")
	}
	file, _ := shared(t)
	if err := os.WriteFile(*synthOut, file, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(*synthOut); err != nil {
		t.Fatal(err)
	}
}
