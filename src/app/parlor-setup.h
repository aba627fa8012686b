/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "parlor-game.h"
#include "parlor-settings.h"

G_BEGIN_DECLS

/*
 * What every game's setup page shares. The page's template has one shape in
 * every game: a title, a short description, the groups Players, Computer
 * Strength, Time, Match (if the game has one) and Rules (if it has
 * options), then Host LAN Game… and Start.
 *
 * The computer players' strength is the app-wide one ("strength", 0 …
 * PARLOR_STRENGTH_MAX, action setup.strength), in the words Preferences
 * uses; "level" (action setup.level) is the same choice as the game's own
 * level id, the value the table and the CLI know. "time-limit" and
 * "claim-time-limit" are the seconds for a turn and for a claim (0: none).
 * parlor_setup_bind_settings() makes all three the app's settings.
 */
#define PARLOR_TYPE_SETUP (parlor_setup_get_type ())
G_DECLARE_DERIVABLE_TYPE (ParlorSetup, parlor_setup, PARLOR, SETUP, GtkWidget)

struct _ParlorSetupClass
{
  GtkWidgetClass parent_class;

  /* The game whose computer levels the strength maps onto; its summary
   * describes the page and its id names the Start action (GAME.start). */
  const ParlorGameInfo *game_info;
  /* The page also asks for the seconds to claim a discard. */
  gboolean              claim_time;
  /* Host and Start stay in sight below the page's choices. */
  gboolean              buttons_below;

  /* The table's config line from the page's choices; @hosted: for a LAN
   * table. NULL: the game's defaults. */
  char               *(*make_config) (ParlorSetup *self,
                                      gboolean     hosted);
  /* The choices in a few words, for the host's window; NULL for none. */
  char               *(*summary)     (ParlorSetup *self);

  gpointer padding[4];
};

/* For a derived class_init: @resource is the game's template, a child of
 * ParlorSetup's own (parlor-setup.ui, which holds the title, the
 * description, the time limits and the buttons). It adds the game's rows
 * with <child type="players">, "strength" (a ParlorStrengthRow first),
 * "match" and "rules", and may set "host-tooltip" and "start-tooltip".
 * The derived init calls gtk_widget_init_template(). */
void        parlor_setup_class_set_template   (GtkWidgetClass *widget_class,
                                               const char     *resource);

guint       parlor_setup_get_strength         (ParlorSetup    *self);
void        parlor_setup_set_strength         (ParlorSetup    *self,
                                               guint           strength);
const char *parlor_setup_get_level            (ParlorSetup    *self);
/* The strength in Preferences' words: "Easy" … "Strongest". */
const char *parlor_setup_get_strength_label   (ParlorSetup    *self);
guint       parlor_setup_get_time_limit       (ParlorSetup    *self);
guint       parlor_setup_get_claim_time_limit (ParlorSetup    *self);
char       *parlor_setup_make_config         (ParlorSetup    *self,
                                               gboolean        hosted);
char       *parlor_setup_summary             (ParlorSetup    *self);
/* The page's strength and times are @settings' (both ways). */
void        parlor_setup_bind_settings        (ParlorSetup    *self,
                                               ParlorSettings *settings);

/* The app-wide strengths in Preferences' words, and with a mnemonic. */
const char *parlor_strength_get_label         (guint           strength);
const char *parlor_strength_get_mnemonic      (guint           strength);
/* The strength that stands for @level of @info: @current if it maps there,
 * else the weakest that does; @current for an unknown level. */
guint       parlor_strength_for_level         (const ParlorGameInfo *info,
                                               const char     *level,
                                               guint           current);
/* Which strengths share a level in @info, in words ("Medium and Hard play
 * alike in this game."), or NULL if each has its own. */
char       *parlor_strength_describe_levels   (const ParlorGameInfo *info);
/* The strengths' words, for a combo row. */
GListModel *parlor_strength_list_new          (void);

G_END_DECLS
