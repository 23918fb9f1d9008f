# cols.awk -v cols=N SCRIPT - an end-to-end script as a build of N columns
# runs it (run_e2e.sh). The scripts are written for 8 columns and nimsim
# runs them as they are there (make bench does); a wider chain shows the
# same game in its first columns, so a picture line of 8 lamps gets dark
# lamps up to N. Where the wider toy differs (longer names that scroll
# differently, a longer save, other limits), the script says so itself:
#   #@N TEXT     a line only the N-column build runs (a comment for 8)
#   #@8 {        the lines up to "#@8 }" only the 8-column build runs
BEGIN { wide = sprintf("%" (cols - 8) "s", ""); gsub(/ /, ".", wide) }
$0 == "#@8 {" { skip = cols != 8; next }
$0 == "#@8 }" { skip = 0; next }
skip { next }
substr($0, 1, length("#@" cols " ")) == "#@" cols " " { $0 = substr($0, length("#@" cols " ") + 1) }
picture > 0 {
    picture--
    if ($0 ~ /^[#.]+$/ && length($0) == 8) $0 = $0 wide
}
/^expect-frame/ { picture = 8 }
{ print }
