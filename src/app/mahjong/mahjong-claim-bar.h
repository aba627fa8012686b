/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MAHJONG_CLAIM_BAR_MAX 12

/* One choice: the game's action line and a label with a mnemonic ("_Pung"). */
typedef struct
{
  const char *action;
  const char *label;
} MahjongClaim;

#define MAHJONG_TYPE_CLAIM_BAR (mahjong_claim_bar_get_type ())
G_DECLARE_FINAL_TYPE (MahjongClaimBar, mahjong_claim_bar, MAHJONG, CLAIM_BAR, GtkWidget)

/*
 * The legal calls of the moment as a row of buttons (Chow and its choices,
 * Pung, Kong, Ron/Hu, Tsumo…), only those given, each with its mnemonic
 * (Alt+letter). In a claim window a Pass button (action "pass", Escape) is
 * always there (action "claims.pass", Escape anywhere in the window), and the
 * window's time left shows as a shrinking bar and seconds. A click emits
 * "claim" with the chosen action line. The bar hides itself while empty.
 * A claim window that opens takes the focus; a focused choice keeps it
 * when the bar is set again.
 */
GtkWidget  *mahjong_claim_bar_new          (void);
/* @with_pass: a claim window (Pass is added unless given). @deadline_us: the
 * end of the window in g_get_monotonic_time() µs, 0 for no countdown. */
void        mahjong_claim_bar_set_claims   (MahjongClaimBar    *self,
                                            const MahjongClaim *claims,
                                            guint               n_claims,
                                            gboolean            with_pass,
                                            gint64              deadline_us);
/* No choice to offer: the bar empties. */
void        mahjong_claim_bar_clear        (MahjongClaimBar    *self);
/* The buttons shown, Pass included. */
guint       mahjong_claim_bar_get_n_claims (MahjongClaimBar    *self);
const char *mahjong_claim_bar_get_action   (MahjongClaimBar    *self,
                                            guint               index);
GtkWidget  *mahjong_claim_bar_get_button   (MahjongClaimBar    *self,
                                            guint               index);
/* Seconds left in the window shown, -1 without a countdown. */
int         mahjong_claim_bar_get_seconds_left (MahjongClaimBar *self);

G_END_DECLS
