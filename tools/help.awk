# help.awk: `make help` from the "## " lines of every Makefile, in reading
# order: the Makefile's own sections first, then one "Tests" section for
# every `make test-*` line wherever it is written (in the order of the
# variable order, then as found), then the other targets of tests/*/*.mk
# (long runs, measurements). Their per-file headings are dropped, so no
# heading is left holding a single item.
# -v order="test-a test-b ...": the order of the tests section.
function flush_item() {
    if (item == "")
        return
    if (name ~ /^test-/) {
        # the first description wins: the Makefile's (read first) can
        # reword one written next to its neighbours
        if (!(name in tests)) { tnames[++nt] = name; tests[name] = item }
    } else if (intests) {
        other = other item
    } else {
        main = main item
    }
    item = ""
}
/^## ?/ {
    line = $0
    sub(/^## ?/, "", line)
    if (line ~ /^[^ ]/) {                       # a heading
        flush_item()
        if (FILENAME !~ /^tests\//)
            main = main line "\n"
        next
    }
    if (line ~ /^  [^ ]/) {                     # an item
        flush_item()
        split(line, w, " ")
        name = w[1] == "make" ? w[2] : w[1]
        intests = FILENAME ~ /^tests\//
        item = line "\n"
        next
    }
    item = item line "\n"                       # its continuation
}
END {
    flush_item()
    printf "%s", main
    print "Tests (make test runs them all, make test-NAME one; each installs what it needs):"
    n = split(order, o, " ")
    for (i = 1; i <= n; i++)
        if (o[i] in tests) { printf "%s", tests[o[i]]; done[o[i]] = 1 }
    for (i = 1; i <= nt; i++)
        if (!(tnames[i] in done)) printf "%s", tests[tnames[i]]
    if (other != "") {
        print "Measurements and long runs:"
        printf "%s", other
    }
}
