#ifndef CMARK_LINEAR_LISTS_H
#define CMARK_LINEAR_LISTS_H

/* cmark-gfm's table extension builds each row's cells with cmark_llist_append, which walks the list to its end on
   every call: a row of n cells costs n * n / 2 steps (a row of 20,000 cells took seconds in every command). Where
   msx links cmark-gfm from its static archives, scripts/swift-static.sh sends cmark-gfm's list calls here with
   --wrap (MSX_LINEAR_CMARK_LISTS): each thread remembers the end of the list it last appended to, so appending to
   the same list again is one step. Lists are freed only through cmark_llist_free and cmark_llist_free_full, which
   forget a remembered list before it goes. (Nothing to call from Swift; empty in other builds.) */

#endif
