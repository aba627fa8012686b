/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-line.h"

G_BEGIN_DECLS

/* The LAN protocol (docs/protocol.md): one UTF-8 line per message. */

#define PARLOR_PROTOCOL_VERSION 2
#define PARLOR_PROTOCOL_DEFAULT_PORT 7412
/* Longest line the server accepts, without its newline. */
#define PARLOR_PROTOCOL_MAX_LINE PARLOR_LINE_MAX_LENGTH
/* Longest line a client accepts (views can be long). */
#define PARLOR_PROTOCOL_CLIENT_MAX_LINE (64 * 1024)
#define PARLOR_PROTOCOL_NAME_MAX 24

/* Messages that carry a game's own line after their type, untouched. */
const char *parlor_protocol_payload      (const char *text,
                                          const char *type);
gboolean    parlor_protocol_is_payload_type (const char *type);
char       *parlor_protocol_wrap         (const char *type,
                                          const char *payload);

G_END_DECLS
