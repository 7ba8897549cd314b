package variant

import "testing"

// The mirror image reflects every piece, royals and fairy pieces
// included, and keeps hands and side; mirroring twice gives the position
// back, and a symmetric board is its own image.
func TestMirror(t *testing.T) {
	for _, tc := range []struct{ sfen, mirror string }{
		{"8$b/9/7S1/9/9/9/9/9/9 b G 1", "$b8/9/1S7/9/9/9/9/9/9 b G 1"},
		{"k8/Bp7/1G7/9/9/9/9/9/9 w (GH)r 3", "8k/7pB/7G1/9/9/9/9/9/9 w (GH)r 3"},
		{"(li)3k3(li)/9/9/9/9/9/9/9/4$P4 b - 1", "(li)3k3(li)/9/9/9/9/9/9/9/4$P4 b - 1"},
	} {
		p, err := ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		m := p.Mirror()
		if got := m.SFEN(); got != tc.mirror {
			t.Errorf("Mirror(%s) = %s, want %s", tc.sfen, got, tc.mirror)
		}
		if back := m.Mirror(); back.SFEN() != tc.sfen || back.Key() != p.Key() {
			t.Errorf("Mirror twice: %s, want %s", back.SFEN(), tc.sfen)
		}
		if m.Key() != m.ComputeKey() {
			t.Errorf("Mirror(%s): the key is not the position's", tc.sfen)
		}
	}
}
