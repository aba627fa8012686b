/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-setup.h"
#include "triad-rules.h"

G_BEGIN_DECLS

/*
 * Triple Triad's setup page, a ParlorSetup: the choices are the properties
 * "strength" (or "level": easy|medium|hard|expert), "order" (first|second),
 * "hands" (open|closed), "same", "plus" and "combo", and the actions
 * setup.<name>. Its Start button activates triad.start.
 */
#define TRIAD_TYPE_SETUP (triad_setup_get_type ())
G_DECLARE_FINAL_TYPE (TriadSetup, triad_setup, TRIAD, SETUP, ParlorSetup)

const char *triad_setup_get_level   (TriadSetup  *self);
gboolean    triad_setup_goes_first  (TriadSetup  *self);
gboolean    triad_setup_open_hands  (TriadSetup  *self);
TriadRules  triad_setup_get_rules   (TriadSetup  *self);
/* The rules as a table config line; @first is "0", "1" or "random". */
char       *triad_setup_make_config (TriadSetup  *self,
                                     const char  *first);
/* The rules in a few words: "Closed hands · Same · Combo". */
char       *triad_rules_summary     (gboolean     open,
                                     TriadRules   rules);

G_END_DECLS
