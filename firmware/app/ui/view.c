/* view.c - the screen's state (view.h), kept apart from the code that
 * reads and writes it: every file of the UI reads the view, so its home is
 * none of theirs (a file holding it would tie the UI's files in a circle). */
#include "view.h"

view_t view;
