package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// loopJump is the error a break or continue statement returns up to its loop.
type loopJump struct {
	brk bool
	pos graph.Pos
}

func (j *loopJump) Error() string {
	if j.brk {
		return "break outside a loop"
	}
	return "continue outside a loop"
}

// foreachStmt runs foreach (EXPR as [$k =>] [&]$v) BODY the way PHP does:
// the body runs once per entry of the array EXPR had when the loop started,
// with the loop variables set. This is how some files finish their machine
// (add a transition or an action to every state); the body is still read
// declaratively, so a call into the game inside it is refused as usual. With
// &$v, what the body does to $v is written back into the array, which must
// then be a variable.
func (p *parser) foreachStmt() error {
	kw := p.tok
	if err := p.next(); err != nil {
		return err
	}
	if err := p.expect("("); err != nil {
		return err
	}
	subjTok, subjMark := p.tok, p.mark()
	subj, err := p.expr()
	if err != nil {
		return err
	}
	plainVar := subjTok.kind == tVar && p.mark() == subjMark+1
	if subj.k == pBuilder {
		subj.k = pArray
	}
	if subj.k != pArray {
		return p.errorf(subj.pos, "foreach over %s", subj.describe())
	}
	if !p.isKeyword("as") {
		return p.unexpected(`"as"`)
	}
	if err := p.next(); err != nil {
		return err
	}
	keyVar, valVar, byRef, err := p.foreachVars()
	if err != nil {
		return err
	}
	if byRef && !plainVar {
		return p.errorf(subjTok.pos, "foreach by reference over something other than a variable is not supported")
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if p.is(":") {
		return p.errorf(p.tok.pos, "the alternative foreach syntax (foreach: ... endforeach;) is not supported")
	}
	body := p.mark()
	if err := p.skipStatement(); err != nil {
		return err
	}
	end := p.mark()
	p.loops++
	defer func() { p.loops-- }()
	for _, e := range subj.arr.ents {
		if err := p.spend(1, kw.pos); err != nil {
			return err
		}
		p.reset(body)
		val := e.val.clone()
		if byRef {
			if live, ok := p.vars[subjTok.text]; ok && live.arr != nil {
				if cur, found := live.arr.get(e.key); found {
					val = cur.clone()
				}
			}
		}
		if keyVar != "" {
			p.vars[keyVar] = keyOf(e.key)
		}
		p.vars[valVar] = val
		err := p.statement()
		var jump *loopJump
		if asJump(err, &jump) {
			err = nil
		}
		if err != nil {
			return err
		}
		if byRef {
			if live, ok := p.vars[subjTok.text]; ok && live.arr != nil {
				live.arr.set(e.key, p.vars[valVar])
			}
		}
		if jump != nil && jump.brk {
			break
		}
	}
	if byRef {
		// PHP leaves $v a reference to the last entry; forget it rather than
		// let a later assignment to $v silently mean something else.
		delete(p.vars, valVar)
	}
	p.reset(end)
	return nil
}

// asJump reports whether err is a break or continue, setting *j.
func asJump(err error, j **loopJump) bool {
	lj, ok := err.(*loopJump)
	if ok {
		*j = lj
	}
	return ok
}

// foreachVars reads "[$k =>] [&]$v" of a foreach.
func (p *parser) foreachVars() (key, val string, byRef bool, err error) {
	readVar := func() (string, bool, error) {
		ref := false
		if p.is("&") {
			ref = true
			if err := p.next(); err != nil {
				return "", false, err
			}
		}
		if p.tok.kind != tVar {
			if p.isKeyword("list") || p.is("[") {
				return "", false, p.errorf(p.tok.pos, "destructuring in foreach is not supported")
			}
			return "", false, p.unexpected("a variable")
		}
		if p.tok.text == "this" {
			return "", false, p.errorf(p.tok.pos, "cannot assign to $this")
		}
		name := p.tok.text
		return name, ref, p.next()
	}
	first, ref, err := readVar()
	if err != nil {
		return "", "", false, err
	}
	if !p.is("=>") {
		return "", first, ref, nil
	}
	if ref {
		return "", "", false, p.errorf(p.tok.pos, "a foreach key cannot be a reference")
	}
	if err := p.next(); err != nil {
		return "", "", false, err
	}
	second, ref, err := readVar()
	return first, second, ref, err
}

// jumpStmt reads break; or continue; inside a foreach.
func (p *parser) jumpStmt() error {
	t := p.tok
	if err := p.next(); err != nil {
		return err
	}
	if p.tok.kind == tInt {
		return p.errorf(p.tok.pos, "%s with a level is not supported", strings.ToLower(t.text))
	}
	if err := p.endStatement(); err != nil {
		return err
	}
	j := &loopJump{brk: strings.EqualFold(t.text, "break"), pos: t.pos}
	if p.loops == 0 {
		return p.errorf(t.pos, "%s", j.Error())
	}
	return j
}
