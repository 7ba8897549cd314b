package mine

import (
	"context"
	"slices"
	"sync"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// A pipeline hands out the tasks of mining one game to the workers:
//
//   - the judgement of a candidate problem (with Options.Problems), as
//     soon as the status of its position is known to be a mate, first:
//     a judgement may take longer than the rest of the game, and it
//     needs nothing but the position;
//   - the classification of a move, as soon as the statuses it reads are
//     known (those of the positions before and after it and after the
//     reply; the one before the opponent's move, when the mover is in
//     check), next;
//   - the search of a position's status, from the last position back:
//     the long searches of a game are mostly near its end, where the
//     mates are, and so are the long classifications that need them;
//   - a reply of a round of kept under way (replyRound): of the last
//     round, with the whole budget, before the statuses (its replies are
//     the longest searches of a classification, which waits for each of
//     them: in slow-game243, move 110's last round, three replies of
//     200,000 nodes, ended the game on one worker while the other
//     searched the statuses); of the other rounds, to a worker with
//     nothing else to do.
//
// So no worker waits for all the statuses before it classifies, and the
// last long searches of a game are shared out. The fields after st are
// under mu.
type pipeline struct {
	ctx context.Context
	g   *record.Game
	pos []shogi.Position
	st  []Status // of each position: written under mu, read by a classification once known

	mu     sync.Mutex
	wake   sync.Cond     // a task done, a search of a round ended
	next   int           // the next position to search, counting down (-1: none left)
	known  []bool        // the statuses searched
	ready  []int         // the moves to classify, their statuses known, in the order found
	queued []bool        // the moves put in ready
	left   int           // the moves not yet classified
	rounds []*replyRound // the rounds of kept under way
	out    []verdicts    // of each move classified
	// With problems, the candidates to judge (positions whose side to
	// move mates), in the order found, and the judgements made, by
	// position.
	problems bool
	toJudge  []int
	judged   []judgement
}

// newPipeline returns the pipeline of the game g, whose positions are
// pos, that fills in their statuses st and, with problems, judges the
// candidate problems.
func newPipeline(ctx context.Context, g *record.Game, pos []shogi.Position, st []Status, problems bool) *pipeline {
	p := &pipeline{ctx: ctx, g: g, pos: pos, st: st, next: len(pos) - 1, known: make([]bool, len(pos)),
		queued: make([]bool, len(g.Moves)), left: len(g.Moves), out: make([]verdicts, len(g.Moves)), problems: problems}
	if problems {
		p.judged = make([]judgement, len(pos))
	}
	p.wake.L = &p.mu
	return p
}

// work runs w on the pipeline's tasks until none is left or ctx ends.
func (p *pipeline) work(w *worker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for (p.left > 0 || p.next >= 0 || len(p.toJudge) > 0) && p.ctx.Err() == nil {
		if len(p.toJudge) > 0 {
			p.judge(w)
		} else if len(p.ready) > 0 {
			p.classify(w)
		} else if r := p.helpable(len(w.rounds) - 1); r != nil {
			p.help(w, r)
		} else if p.next >= 0 {
			p.status(w)
		} else if r := p.helpable(0); r != nil {
			p.help(w, r)
		} else {
			p.wake.Wait()
			continue
		}
		p.wake.Broadcast()
	}
	p.wake.Broadcast()
}

// classify classifies the first move of ready with w. Like status and
// help, it is called with mu held and holds it again when it returns,
// not while w searches.
func (p *pipeline) classify(w *worker) {
	i := p.ready[0]
	p.ready = p.ready[1:]
	p.mu.Unlock()
	v := w.classify(p.ctx, p.g, p.st, p.pos, i)
	p.mu.Lock()
	p.out[i] = v
	p.left--
}

// judge judges the first candidate problem of toJudge with w.
func (p *pipeline) judge(w *worker) {
	i := p.toJudge[0]
	p.toJudge = p.toJudge[1:]
	p.mu.Unlock()
	j := w.judge.judge(p.ctx, &p.pos[i])
	p.mu.Lock()
	p.judged[i] = j
}

// status searches the status of the next position with w.
func (p *pipeline) status(w *worker) {
	i := p.next
	p.next--
	p.mu.Unlock()
	st := status(p.ctx, w.s, &p.pos[i], w.max, &w.c)
	p.mu.Lock()
	p.st[i], p.known[i] = st, true
	if p.problems && st.Mate == mate.Mate {
		p.toJudge = append(p.toJudge, i)
	}
	p.release(i)
}

// help searches the next reply of the round r with w.
func (p *pipeline) help(w *worker, r *replyRound) {
	j, ctx, ok := r.take(p.ctx)
	if !ok {
		return // p.ctx has ended
	}
	p.mu.Unlock()
	st, c := r.search(ctx, w, j)
	p.mu.Lock()
	r.finish(j, st, c)
}

// helpable returns a round under way, of kept's round k or a later one,
// with a reply to hand out, or nil.
func (p *pipeline) helpable(k int) *replyRound {
	for _, r := range p.rounds {
		if r.k >= k && r.next < r.escape {
			return r
		}
	}
	return nil
}

// release puts in ready the moves whose classification can start now
// that the status of position j is known.
func (p *pipeline) release(j int) {
	for i := max(j-2, 0); i <= min(j+1, len(p.queued)-1); i++ {
		if !p.queued[i] && p.classifiable(i) {
			p.queued[i] = true
			p.ready = append(p.ready, i)
		}
	}
}

// classifiable reports whether the statuses that classify reads for
// move i are known.
func (p *pipeline) classifiable(i int) bool {
	return p.known[i] && p.known[i+1] &&
		(i+2 >= len(p.known) || p.known[i+2]) &&
		(i == 0 || !p.pos[i].InCheck() || p.known[i-1])
}

// round searches the replies with the solvers of kept's round k (budgets
// growing with k): NoMate as soon as one leaves the mover no mate within
// plies-1, Mate when each leaves it one, else Unknown with the replies
// left undecided (replies' own array reused). The replies are handed out
// in order to w and to the pipeline's idle workers, each searching with
// its own solver of round k; the answer and the searches counted in w
// are those of the replies searched one after another (see replyRound).
func (w *worker) round(ctx context.Context, k int, after *shogi.Position, replies []shogi.Move, plies int) ([]shogi.Move, mate.Status) {
	r := &replyRound{k: k, after: after, replies: replies, plies: plies, escape: len(replies),
		status: make([]mate.Status, len(replies)), c: make([]counts, len(replies)), cancel: make([]context.CancelFunc, len(replies))}
	p := w.pipe
	p.mu.Lock()
	p.rounds = append(p.rounds, r)
	p.wake.Broadcast()
	for {
		if j, sctx, ok := r.take(ctx); ok {
			p.mu.Unlock()
			st, c := r.search(sctx, w, j)
			p.mu.Lock()
			r.finish(j, st, c)
			continue
		}
		if r.running == 0 {
			break
		}
		p.wake.Wait()
	}
	p.rounds = slices.DeleteFunc(p.rounds, func(x *replyRound) bool { return x == r })
	p.mu.Unlock()
	return r.result(&w.c)
}

// replyRound is one round of kept under way: its replies, handed out in
// order to the worker whose round it is and to idle workers. Its answer
// and its counts are those of the replies searched one after another,
// in order, up to the first that escapes (NoMate), as if by one worker:
// the replies before that one are all handed out before it, and each is
// searched to its end; a reply after it, handed out before the escape
// was known, is a search made in advance that the answer does not need,
// stopped when the escape is known and not counted. Every search starts
// afresh with the same budget whoever makes it, so the answer and the
// counts do not depend on who searched what, nor in which order the
// searches ended. The fields after plies are the pipeline's, under its
// lock.
type replyRound struct {
	k       int // the round: the solvers of index k in the workers' rounds
	after   *shogi.Position
	replies []shogi.Move
	plies   int

	next    int                  // the next reply to hand out
	running int                  // the replies handed out whose search has not ended
	escape  int                  // the first reply found to escape; len(replies) if none
	status  []mate.Status        // of each reply whose search ended
	c       []counts             // of each reply whose search ended
	cancel  []context.CancelFunc // of each search under way
}

// take hands out the next reply, with the context of its search, unless
// every reply the answer may need is handed out or ctx has ended.
func (r *replyRound) take(ctx context.Context) (int, context.Context, bool) {
	if r.next >= r.escape || ctx.Err() != nil {
		return 0, nil, false
	}
	j := r.next
	r.next++
	r.running++
	sctx, cancel := context.WithCancel(ctx)
	r.cancel[j] = cancel
	return j, sctx, true
}

// search searches reply j with w's solver of the round, in ctx.
func (r *replyRound) search(ctx context.Context, w *worker, j int) (mate.Status, counts) {
	q := *r.after
	q.DoMove(r.replies[j])
	var c counts
	return mates(ctx, w.rounds[r.k], &q, r.plies-1, &c), c
}

// finish records the end of the search of reply j; an escape stops the
// searches of the replies after it.
func (r *replyRound) finish(j int, st mate.Status, c counts) {
	r.running--
	r.status[j], r.c[j] = st, c
	r.cancel[j]()
	r.cancel[j] = nil
	if st != mate.NoMate || j > r.escape {
		return
	}
	r.escape = j
	for _, cancel := range r.cancel[j+1:] {
		if cancel != nil {
			cancel()
		}
	}
}

// result returns the round's answer once no search is under way, and
// adds the searches the answer needed to c.
func (r *replyRound) result(c *counts) ([]shogi.Move, mate.Status) {
	for _, rc := range r.c[:min(r.escape+1, len(r.replies))] {
		c.searches += rc.searches
		c.nodes += rc.nodes
	}
	if r.escape < len(r.replies) {
		return nil, mate.NoMate
	}
	// A reply not searched (ctx ended) is left undecided.
	open := r.replies[:0]
	for j, reply := range r.replies {
		if r.status[j] != mate.Mate {
			open = append(open, reply)
		}
	}
	if len(open) == 0 {
		return nil, mate.Mate
	}
	return open, mate.Unknown
}
