/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-settings.h"

G_BEGIN_DECLS

#define PARLOR_TYPE_PREFERENCES (parlor_preferences_get_type ())
G_DECLARE_FINAL_TYPE (ParlorPreferences, parlor_preferences, PARLOR, PREFERENCES, AdwPreferencesWindow)

ParlorPreferences *parlor_preferences_new (ParlorSettings *settings);

G_END_DECLS
