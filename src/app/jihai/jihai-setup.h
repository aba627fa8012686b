/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-setup.h"

G_BEGIN_DECLS

/*
 * Honor-tile mahjong's setup page, a ParlorSetup: the computer's strength
 * ("strength", or "level": random|normal|strong, actions setup.strength and
 * setup.level) and the times for a turn and a claim. Its Start button
 * activates jihai.start.
 */
#define JIHAI_TYPE_SETUP (jihai_setup_get_type ())
G_DECLARE_FINAL_TYPE (JihaiSetup, jihai_setup, JIHAI, SETUP, ParlorSetup)

const char *jihai_setup_get_level   (JihaiSetup *self);

G_END_DECLS
