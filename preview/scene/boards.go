package scene

import (
	"strconv"

	"github.com/rulestudio/studio/graph"
)

// boards adds every board to the centre, in the pack's order: its occupied
// cells, each read as the board's hint says, else as its value.
func (b *builder) boards() {
	centre := b.areas[0]
	for _, pb := range b.pack.Boards {
		rows, ok := b.v.Boards[pb.Name]
		if !ok {
			continue
		}
		hint, _ := b.hints.Board(pb.Name)
		bd := Board{ID: "board:" + pb.Name, Name: pb.Name, Width: pb.Width, Height: pb.Height, Color: hint.Color}
		for y, row := range rows {
			for x, val := range row {
				if val == 0 {
					continue
				}
				key := strconv.Itoa(val)
				c := Cell{ID: CellID(pb.Name, x, y), X: x, Y: y, Value: val, Text: key}
				if val >= 1 && val <= b.n {
					c.Owner = val
				}
				if f, ok := graph.Lookup(hint.Cells, key); ok {
					c.Text, c.Color = f.Text, f.Color
				}
				bd.Cells = append(bd.Cells, c)
			}
		}
		centre.Boards = append(centre.Boards, bd)
	}
}

// CellID is the id of board's cell at (x, y), empty or not:
// "board:NAME:x,y".
func CellID(board string, x, y int) string {
	return "board:" + board + ":" + strconv.Itoa(x) + "," + strconv.Itoa(y)
}
