module github.com/tsume-shogi/tsume

go 1.26
