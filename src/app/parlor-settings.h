/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PARLOR_SETTINGS_NAME_MAX_CHARS  24
#define PARLOR_SETTINGS_TIME_LIMIT_MIN  10   /* seconds; 0 means no limit */
#define PARLOR_SETTINGS_TIME_LIMIT_MAX  300
#define PARLOR_SETTINGS_VOLUME_MAX      100
#define PARLOR_SETTINGS_CLAIM_LIMIT_MIN 3    /* seconds; 0 means no limit */
#define PARLOR_SETTINGS_CLAIM_LIMIT_MAX 60

#define PARLOR_TYPE_SETTINGS (parlor_settings_get_type ())

G_DECLARE_FINAL_TYPE (ParlorSettings, parlor_settings, PARLOR, SETTINGS, GObject)

ParlorSettings *parlor_settings_new                (void);
ParlorSettings *parlor_settings_new_for_settings   (GSettings      *settings);

GSettings      *parlor_settings_get_settings       (ParlorSettings *self);

const char     *parlor_settings_get_player_name    (ParlorSettings *self);
gboolean        parlor_settings_set_player_name    (ParlorSettings *self,
                                                    const char     *name,
                                                    GError        **error);
char           *parlor_settings_get_effective_name (ParlorSettings *self);

guint           parlor_settings_get_time_limit     (ParlorSettings *self);
gboolean        parlor_settings_set_time_limit     (ParlorSettings *self,
                                                    guint           seconds);

guint           parlor_settings_get_volume         (ParlorSettings *self);
gboolean        parlor_settings_set_volume         (ParlorSettings *self,
                                                    guint           volume);

guint           parlor_settings_get_claim_time_limit (ParlorSettings *self);
gboolean        parlor_settings_set_claim_time_limit (ParlorSettings *self,
                                                    guint           seconds);

/* 0 (easiest) to PARLOR_STRENGTH_MAX, mapped by each game to its own levels. */
guint           parlor_settings_get_computer_strength (ParlorSettings *self);
gboolean        parlor_settings_set_computer_strength (ParlorSettings *self,
                                                    guint           strength);

const char     *parlor_settings_get_ai_speed       (ParlorSettings *self);
gboolean        parlor_settings_set_ai_speed       (ParlorSettings *self,
                                                    const char     *speed);

/* How long a computer move stays on screen, in ms, from the computer speed. */
guint           parlor_settings_get_ai_delay       (ParlorSettings *self);
char           *parlor_settings_validate_name      (const char     *name);
char           *parlor_settings_sanitize_name      (const char     *name);
guint           parlor_settings_normalize_time_limit (guint         seconds);
guint           parlor_settings_normalize_claim_time_limit (guint   seconds);

G_END_DECLS
