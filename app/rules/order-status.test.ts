import { describe, expect, it } from "vitest";
import { UNDO_WINDOW_MS, undoableChange, type RecordedStatusChange } from "./order-status";

const at = new Date("2026-11-26T05:00:00Z");
const change = (fields: Partial<RecordedStatusChange> = {}): RecordedStatusChange => ({
  fromStatus: "pending",
  toStatus: "processing",
  changedById: 7,
  courier: null,
  createdAt: at,
  ...fields,
});
const order = { status: "processing", handedOver: false };

describe("undoableChange", () => {
  it("offers the author's latest change back, within the window", () => {
    expect(undoableChange(change(), order, 7, at.getTime() + UNDO_WINDOW_MS)).toEqual({
      from: "pending",
      to: "processing",
    });
  });

  it("offers nothing after the window, to another admin, or for a change nobody made by hand", () => {
    expect(undoableChange(change(), order, 7, at.getTime() + UNDO_WINDOW_MS + 1)).toBeNull();
    expect(undoableChange(change(), order, 8, at.getTime())).toBeNull();
    expect(undoableChange(change({ changedById: null }), order, 7, at.getTime())).toBeNull();
    expect(undoableChange(change({ courier: "steadfast" }), order, 7, at.getTime())).toBeNull();
    expect(undoableChange(change({ fromStatus: null }), order, 7, at.getTime())).toBeNull();
    expect(undoableChange(undefined, order, 7, at.getTime())).toBeNull();
  });

  it("offers nothing once the order moved on, was handed to a courier, or when stock would move", () => {
    expect(undoableChange(change(), { ...order, status: "shipped" }, 7, at.getTime())).toBeNull();
    expect(undoableChange(change(), { ...order, handedOver: true }, 7, at.getTime())).toBeNull();
    expect(
      undoableChange(change({ toStatus: "cancelled" }), { ...order, status: "cancelled" }, 7, at.getTime()),
    ).toBeNull();
    expect(undoableChange(change({ fromStatus: "cancelled" }), order, 7, at.getTime())).toBeNull();
  });
});
