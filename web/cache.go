package web

import (
	"sync"

	"github.com/tsume-shogi/tsume/shogi"
)

// cacheSize is how many judgements a generation of the cache holds; the
// cache holds at most two generations.
const cacheSize = 1 << 14

// judgeKey names a judgement: the position, the move, the plies left.
// The best move of a hint is cached with NoMove and rem 0.
type judgeKey struct {
	key, boardKey uint64
	hand          shogi.Hand // both hands' keys are in key; the attacker's hand too, to tell hash collisions apart
	move          shogi.Move
	rem           int
}

// judgeCache remembers the judgements the searches made, so that the
// same move in the same position (players try the same wrong checks) is
// searched once. It forgets the least recently used: when the current
// generation is full it becomes the old one and the old one is dropped.
type judgeCache struct {
	mu       sync.Mutex
	cur, old map[judgeKey]judgement
}

func newJudgeKey(p *shogi.Position, m shogi.Move, rem int) judgeKey {
	return judgeKey{key: p.Key(), boardKey: p.BoardKey(), hand: p.Hand(p.SideToMove()), move: m, rem: rem}
}

// get returns the judgement of k, if cached.
func (c *judgeCache) get(k judgeKey) (judgement, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if j, ok := c.cur[k]; ok {
		return j, true
	}
	j, ok := c.old[k]
	if ok {
		c.putLocked(k, j)
	}
	return j, ok
}

// put caches j as the judgement of k.
func (c *judgeCache) put(k judgeKey, j judgement) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, j)
}

func (c *judgeCache) putLocked(k judgeKey, j judgement) {
	if c.cur == nil || len(c.cur) >= cacheSize {
		c.old, c.cur = c.cur, make(map[judgeKey]judgement, 64)
	}
	c.cur[k] = j
}
