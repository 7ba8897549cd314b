package nnue

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzRead checks that Read never panics and that every failure is a
// *FormatError. The seeds are prefixes of a real file, cut inside each
// section of the header and of the feature transformer, and a compressed
// feature transformer.
func FuzzRead(f *testing.F) {
	var head []byte
	head = le32(head, Version)
	head = le32(head, FileHash)
	head = le32(head, uint32(len(Architecture)))
	head = append(head, Architecture...)
	head = le32(head, FeatureHash)
	for _, n := range []int{0, 3, 4, 8, 11, 12, 100, 190, 194} {
		f.Add(head[:n])
	}
	plain := append([]byte(nil), head...)
	for j := range 300 {
		plain = le16(plain, uint16(testSynth.ftBias(j%256)))
	}
	f.Add(plain)
	compressed := compressedBlock(append([]byte(nil), head...), 256, func(j int) int { return int(testSynth.ftBias(j)) })
	f.Add(compressed)
	f.Add(append(compressed, "COMPRESSED_LEB128\xff\xff\xff\x7f\x01\x02"...))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Read(bytes.NewReader(data))
		if err == nil {
			t.Fatalf("Read accepted %d bytes (a network has more): %v", len(data), n.Architecture())
		}
		if _, ok := errors.AsType[*FormatError](err); !ok {
			t.Fatalf("error %v (%T), want a *FormatError", err, err)
		}
	})
}
