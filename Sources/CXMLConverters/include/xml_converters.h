#ifndef XML_CONVERTERS_H
#define XML_CONVERTERS_H

/* libxml2 converts the character encodings it does not read itself (windows-1252, Shift_JIS, ...) through ICU. Where
   msx links libxml2 from its static archive (MSX_ONE_ICU, scripts/swift-static.sh), those calls go to the ICU that
   Foundation already carries (its functions are named swift_ucnv_*), instead of linking a second ICU with 31 MB of
   data of its own. The functions take the names the installed ICU headers give them (ucnv_open_72 for ICU 72), so
   that they answer libxml2's calls, and are hidden so that no shared library sees them. (Nothing to call from
   Swift; empty in other builds.) */

#endif
