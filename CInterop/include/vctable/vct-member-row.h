/* vct-member-row.h: VctMemberRow, a member row of the feed, and VctFollowState, its
 * follow button.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_MEMBER_ROW_H
#define VCT_MEMBER_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VCT_TYPE_MEMBER_ROW:
 *
 * The `GType` of [class@MemberRow].
 */
#define VCT_TYPE_MEMBER_ROW (vct_member_row_get_type ())
/**
 * VctMemberRow:
 *
 * A member row of the feed (kind "MemberRowView"); its properties are its Swift view
 * model's, each documented with this class. Pressing it ([method@Row.press]) is the follow button.
 */
G_DECLARE_FINAL_TYPE (VctMemberRow, vct_member_row, VCT, MEMBER_ROW, VctRow)

/**
 * VctFollowState:
 * @VCT_FOLLOW_STATE_NORMAL: not followed: the button shows and can be pressed
 * @VCT_FOLLOW_STATE_LOADING: a follow request is running: a spinner instead of the button
 * @VCT_FOLLOW_STATE_CHECKED: followed: the button shows checked and cannot be pressed
 *
 * A feed member row's follow button. A press moves it from normal to loading; the
 * request's success moves it to checked, its failure back to normal. A member row's
 * `followState` property is the value's nick ("normal", "loading", "checked"). The values
 * match, in order, the cases of the Swift `FollowState`.
 */
typedef enum {
  VCT_FOLLOW_STATE_NORMAL = 0,
  VCT_FOLLOW_STATE_LOADING = 1,
  VCT_FOLLOW_STATE_CHECKED = 2
} VctFollowState;

/**
 * VCT_TYPE_FOLLOW_STATE:
 *
 * The `GType` of [enum@FollowState]: see [func@follow_state_get_type].
 */
#define VCT_TYPE_FOLLOW_STATE (vct_follow_state_get_type ())

/**
 * vct_follow_state_get_type:
 *
 * Registers [enum@FollowState] ("VctFollowState"; nicks "normal", "loading", "checked")
 * on the first call, from any thread.
 *
 * Returns: the GType of [enum@FollowState]
 */
GType vct_follow_state_get_type (void) G_GNUC_CONST;

G_END_DECLS

#endif /* VCT_MEMBER_ROW_H */
