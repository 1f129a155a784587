import CGtk
import Foundation
import GtkBridge

/// Runs a ``BenchmarkScript`` against a ``BenchmarkSubject``, one step per frame from a tick
/// callback on the window (so every scripted change lands in the frame that is timed), and
/// writes the figures as JSON when done.
///
/// Steps: first frame (time since launch, peak RSS, row widgets), then per the script a
/// scripted scroll of `scrollStep` px per frame, a scrollbar drag in `dragSteps` programmatic
/// steps of the scrollbar's own adjustment, a row growing above the viewport (how far the
/// top visible row moves), and typing (the driver sends key presses once `PATH.ready` exists;
/// for a script that clicks to type, `PATH.ready` holds the point to click, and the keys follow
/// once `PATH.caret` exists, after the frame that showed the caret).
/// A scrolling run ends with a small scroll and the pixel oracle on its last frame
/// (`LastFrameOracle`). Once the report is written the window is closed as Ctrl+Q closes it; the report's
/// `closeRequestedMonotonicUs` lets the driver time the quit to the process's exit.
@MainActor
public final class BenchmarkSession {
    /// Frames to wait for typed keys before giving up (about 60 s at 60 Hz).
    static let typingTimeoutFrames = 3_600
    /// Frames after the row grows in which the top row's position is followed.
    static let jumpFollowFrames = 10

    private struct Step {
        let label: String
        /// Called once per frame with the frame's index inside the step; true when done.
        let tick: (Int) -> Bool
    }

    private let subject: BenchmarkSubject
    private let script: BenchmarkScript
    private let outputPath: String
    private let onFinished: () -> Void
    private let recorder = FrameRecorder()
    private var keys: KeyLatencyRecorder?
    private var click: ClickLatencyRecorder?
    private var find: FindLatencyRecorder?
    private var steps: [Step] = []
    private var stepFrame = 0
    private var report: [String: Any] = [:]
    private var contentHeights: [String: [Double]] = [:]
    /// The subject's measured-row counts (model, widgets, widget measure calls) when each
    /// step started, by label.
    private var measuredAtStart: [String: (model: Int, widgets: Int, calls: Int)] = [:]
    private var finished = false

    /// - Parameters:
    ///   - outputPath: where the JSON report goes; `outputPath + ".ready"` signals typing.
    ///   - onFinished: called from an idle source once the report is written (close the window).
    public init(subject: BenchmarkSubject, script: BenchmarkScript, outputPath: String, onFinished: @escaping () -> Void) {
        self.subject = subject
        self.script = script
        self.outputPath = outputPath
        self.onFinished = onFinished
    }

    /// Starts timing; call before the window is presented, so the first frame is seen.
    public func start() {
        if let launch = ProcessProbe.launchTime() { report["readyToPresentMs"] = Double(g_get_monotonic_time() - launch) / 1000 }
        recorder.attach(to: subject.window)
        recorder.onFrame = { [weak self] frame in self?.frameEnded(frame) }
        steps = makeSteps()
        subject.window.addTickCallback { [weak self] _ in self?.tick() ?? false }
    }

    // MARK: Frames

    private func tick() -> Bool {
        guard !finished else { return false }
        while let step = steps.first {
            recorder.label = step.label
            if stepFrame == 0 {
                measuredAtStart[step.label] = (subject.measuredRowCount, subject.widgetMeasuredRowCount, subject.widgetMeasureCallCount)
            }
            if !step.tick(stepFrame) {
                stepFrame += 1
                return true
            }
            if !steps.isEmpty { steps.removeFirst() }  // a failed step may have dropped the rest
            stepFrame = 0
        }
        finish()
        return false
    }

    private func frameEnded(_ frame: FrameRecorder.Frame) {
        if recorder.frames.count == 1 { firstFrame(frame) }
        if let label = frame.label { contentHeights[label, default: []].append(subject.contentHeight) }
        keys?.frameEnded(at: frame.end)
        click?.frameEnded(at: frame.end)
        find?.frameEnded(frame, shows: { [subject] in subject.findShows($0) }, matches: { [subject] in subject.findMatchCount })
    }

    private func firstFrame(_ frame: FrameRecorder.Frame) {
        if let launch = ProcessProbe.launchTime() { report["firstFrameMs"] = Double(frame.end - launch) / 1000 }
        report["rssAfterFirstFrameBytes"] = ProcessProbe.peakResidentBytes()
        report["rowWidgetsAfterFirstFrame"] = subject.liveRowWidgets
    }

    // MARK: Steps

    private func makeSteps() -> [Step] {
        var steps = [settle("startup")]
        if script.scrollFrames > 0 {
            steps += [scrollTo("scroll-start") { 0 }, scrollingStep()]
            steps.append(Step(label: "after-scroll") { [unowned self] _ in
                report["rowWidgetsAfterScroll"] = subject.liveRowWidgets
                report["scroll"] = timings(of: "scroll")
                return true
            })
        }
        if script.dragSteps > 0 {
            steps += [scrollTo("drag-start") { 0 }, dragStep()]
            steps.append(Step(label: "after-drag") { [unowned self] _ in
                report["rowWidgetsAfterDrag"] = subject.liveRowWidgets
                report["drag"] = timings(of: "drag")
                return true
            })
        }
        if script.measuresJump {
            steps += [scrollTo("jump-start") { [unowned self] in (subject.contentHeight - subject.viewportHeight) / 2 }]
            steps += jumpSteps()
        }
        if script.typingKeys > 0 { steps += typingSteps() }
        if script.deletesAll { steps += flagAllSteps() + deleteAllSteps() }
        if script.findRounds > 0 { steps += findSteps() }
        if !script.editKeys.isEmpty { steps += editSteps() }
        if script.scrollFrames > 0 || script.dragSteps > 0 { steps.append(approachToTheLastFrame()) }
        return steps
    }

    /// Frames, and px up per frame, of the small scroll that ends a scrolling run before the
    /// pixel oracle: rows that move less than a viewport keep the render nodes GTK recorded
    /// for them, the path on which a stale drawing shows (a jump binds fresh rows everywhere).
    static let approachFrames = 8
    static let approachStep = 29.0

    /// The small scroll before the run's last frame; not part of any figure.
    private func approachToTheLastFrame() -> Step {
        Step(label: "oracle-approach") { [unowned self] frame in
            guard frame < Self.approachFrames else { return true }
            subject.scroll(to: max(0, subject.scrollOffset - Self.approachStep))
            return false
        }
    }

    /// Waits `settleFrames` frames.
    private func settle(_ label: String) -> Step {
        Step(label: label) { [unowned self] frame in frame >= script.settleFrames }
    }

    /// Scrolls to an offset computed when the step starts, then settles.
    private func scrollTo(_ label: String, _ offset: @escaping () -> Double) -> Step {
        Step(label: label) { [unowned self] frame in
            if frame == 0 { subject.scroll(to: max(0, offset())) }
            return frame >= script.settleFrames
        }
    }

    private func scrollingStep() -> Step {
        Step(label: "scroll") { [unowned self] frame in
            let bottom = subject.contentHeight - subject.viewportHeight
            guard frame < script.scrollFrames, subject.scrollOffset < bottom - 0.5 else {
                report["scrollReachedBottom"] = frame < script.scrollFrames
                return true
            }
            subject.scroll(to: subject.scrollOffset + script.scrollStep)
            return false
        }
    }

    private func dragStep() -> Step {
        Step(label: "drag") { [unowned self] frame in
            guard frame < script.dragSteps else { return true }
            let adjustment = subject.scrollbarAdjustment
            let lower = gtk_adjustment_get_lower(adjustment())
            let travel = gtk_adjustment_get_upper(adjustment()) - gtk_adjustment_get_page_size(adjustment()) - lower
            gtk_adjustment_set_value(adjustment(), lower + Double(frame + 1) / Double(script.dragSteps) * max(0, travel))
            return false
        }
    }

    private func jumpSteps() -> [Step] {
        var top: (position: Int, y: Double)?
        var moves: [Double] = []
        let grow = Step(label: "jump") { [unowned self] frame in
            if frame == 0 {
                top = subject.topVisibleRow()
                guard let row = top, subject.growRow(above: row.position) else {
                    report["jump"] = ["error": "no row above the viewport to grow"]
                    top = nil
                    return true
                }
                return false
            }
            guard let row = top else { return true }
            if let y = subject.windowY(ofRow: row.position) { moves.append(y - row.y) }
            guard frame >= Self.jumpFollowFrames else { return false }
            report["jump"] = [
                "topRow": row.position, "finalPx": moves.last ?? 0,
                "maxAbsPx": moves.map(abs).max() ?? 0, "followedFrames": moves.count,
            ]
            return true
        }
        return [grow]
    }

    private func typingSteps() -> [Step] {
        let reveal = Step(label: "typing-reveal") { [unowned self] frame in
            if frame == 0, !subject.revealTypingTarget(text: script.typingNote.replacement) {
                report["typing"] = ["error": "no editable note"]
                steps.removeAll()
                return true
            }
            return frame >= script.settleFrames
        }
        let focus = script.clicksToType ? clickStep() : Step(label: "typing-focus") { [unowned self] frame in
            if frame == 0 {
                guard subject.focusTypingTarget() else {
                    report["typing"] = ["error": "the note has no widget to focus"]
                    steps.removeAll()
                    return true
                }
                startRecordingKeys()
                return false
            }
            guard frame >= script.settleFrames else { return false }
            readyForKeys(marker: ".ready", contents: Data())
            return true
        }
        let typing = Step(label: "typing") { [unowned self] frame in
            guard let keys else { return true }
            let done = keys.presses >= script.typingKeys && !keys.isWaiting
            guard done || frame >= Self.typingTimeoutFrames else { return false }
            let before = report["measuredRowsBeforeTyping"] as? Int ?? 0
            let widgetsBefore = report["widgetMeasuredRowsBeforeTyping"] as? Int ?? 0
            let callsBefore = report["widgetMeasureCallsBeforeTyping"] as? Int ?? 0
            var typing: [String: Any] = [
                "keys": keys.presses, "timedKeys": keys.latencies.count,
                "frameWorkMs": recorder.timings(of: "typing").work.json,
                "latencyMs": SampleSummary(keys.latencies).json,
                "queueWaitMs": SampleSummary(keys.queueWaits).json, "unclockedPresses": keys.unclockedPresses,
                "remeasuredRowsPerTimedKey": SampleSummary(keys.remeasuredRows).json,
                "remeasuredRowsTotal": subject.measuredRowCount - before,
                "widgetRemeasuredRowsPerTimedKey": SampleSummary(keys.widgetRemeasuredRows).json,
                "widgetRemeasuredRowsTotal": subject.widgetMeasuredRowCount - widgetsBefore,
                "widgetMeasureCallsTotal": subject.widgetMeasureCallCount - callsBefore,
            ]
            if let latency = click?.latency { typing["clickToCaretMs"] = latency }
            report["typing"] = typing
            return true
        }
        return [reveal, focus, typing, settle("after-typing")]
    }

    /// From the middle of the table: every row flagged in one batch (the frames that do it are
    /// timed), then the batch undone, before the delete of the same run. A program that has no
    /// batch marks reports so and goes on to the delete.
    private func flagAllSteps() -> [Step] {
        var flagged = false
        let start = scrollTo("flag-start") { [unowned self] in (subject.contentHeight - subject.viewportHeight) / 2 }
        let flag = Step(label: "flag-all") { [unowned self] frame in
            if frame == 0 {
                flagged = subject.flagAllRows()
                if !flagged { report["flagAll"] = ["error": "this program has no batch marks"] }
                return !flagged
            }
            guard frame >= script.settleFrames else { return false }
            report["flagAll"] = ["rows": subject.rowCount, "flag": timings(of: "flag-all")]
            return true
        }
        let undo = Step(label: "undo-flag-all") { [unowned self] frame in
            if frame == 0 { return !(flagged && subject.undoFlagAll()) }
            guard frame >= script.settleFrames else { return false }
            var figures = report["flagAll"] as? [String: Any] ?? [:]
            figures["undo"] = timings(of: "undo-flag-all")
            report["flagAll"] = figures
            return true
        }
        return [start, flag, undo]
    }

    /// From the middle of the table: every row deleted in one batch (the frame that does it is
    /// timed, and the time until the table has no rows), then the batch undone (are the rows
    /// and the scroll position back?).
    private func deleteAllSteps() -> [Step] {
        var started = 0
        var emptyAfterMs: Double?
        var before: (rows: Int, offset: Double) = (0, 0)
        let start = scrollTo("delete-start") { [unowned self] in (subject.contentHeight - subject.viewportHeight) / 2 }
        let delete = Step(label: "delete-all") { [unowned self] frame in
            if frame == 0 {
                before = (subject.rowCount, subject.scrollOffset)
                started = g_get_monotonic_time()
                guard subject.deleteAllRows() else {
                    report["deleteAll"] = ["error": "this program cannot delete its rows in a batch"]
                    steps.removeAll()
                    return true
                }
                return false
            }
            if emptyAfterMs == nil, subject.rowCount == 0 { emptyAfterMs = Double(g_get_monotonic_time() - started) / 1000 }
            guard frame >= script.settleFrames else { return false }
            report["deleteAll"] = [
                "rowsBefore": before.rows, "rowsAfter": subject.rowCount, "emptyAfterMs": emptyAfterMs ?? -1,
                "delete": timings(of: "delete-all"), "scrollOffsetBefore": before.offset,
            ]
            return true
        }
        // A program that cannot undo (GTK's list models have no undo) reports the delete alone.
        let undo = Step(label: "undo-delete-all") { [unowned self] frame in
            if frame == 0 { return !subject.undoDeleteAll() }
            guard frame >= script.settleFrames else { return false }
            var figures = report["deleteAll"] as? [String: Any] ?? [:]
            figures["undo"] = timings(of: "undo-delete-all")
            figures["rowsAfterUndo"] = subject.rowCount
            figures["scrollOffsetAfterUndo"] = subject.scrollOffset
            report["deleteAll"] = figures
            return true
        }
        return [start, delete, undo]
    }

    /// From the middle of the table: a row there gets the focus, then the driver presses
    /// ``BenchmarkScript/editKeys`` (`PATH.ready` holds them as JSON); each press is timed to
    /// the end of the frame that shows it, reported apart for Ctrl+N and Alt+Down.
    private func editSteps() -> [Step] {
        let start = scrollTo("edit-start") { [unowned self] in (subject.contentHeight - subject.viewportHeight) / 2 }
        let focus = Step(label: "edit-focus") { [unowned self] frame in
            if frame == 0 {
                guard subject.focusEditTarget() else {
                    report["createMove"] = ["error": "this program cannot create or move rows"]
                    steps.removeAll()
                    return true
                }
                startRecordingKeys()
                return false
            }
            guard frame >= script.settleFrames else { return false }
            let request = try? JSONSerialization.data(withJSONObject: ["keys": script.editKeys])
            readyForKeys(marker: ".ready", contents: request ?? Data())
            return true
        }
        let rowsBefore = { [unowned self] in subject.rowCount }
        var before = 0
        let edit = Step(label: "create-move") { [unowned self] frame in
            if frame == 0 { before = rowsBefore() }
            guard let keys else { return true }
            let done = keys.presses >= script.editKeys.count && !keys.isWaiting
            guard done || frame >= Self.typingTimeoutFrames else { return false }
            let timed = zip(keys.timedKeyvals, keys.latencies)
            report["createMove"] = [
                "keys": keys.presses, "timedKeys": keys.latencies.count, "rowsAdded": subject.rowCount - before,
                "frameWorkMs": recorder.timings(of: "create-move").work.json,
                "createLatencyMs": SampleSummary(timed.filter { $0.0 == UInt32(GDK_KEY_n) }.map(\.1)).json,
                "moveLatencyMs": SampleSummary(timed.filter { $0.0 == UInt32(GDK_KEY_Down) }.map(\.1)).json,
                "queueWaitMs": SampleSummary(keys.queueWaits).json, "unclockedPresses": keys.unclockedPresses,
            ]
            return true
        }
        return [start, focus, edit, settle("after-create-move")]
    }

    /// Opens the find entry, then per round sets each query (timed until the frame that shows
    /// its rows, ``FindLatencyRecorder``) and clears it again (untimed, then settles).
    private func findSteps() -> [Step] {
        let recorder = FindLatencyRecorder()
        let open = Step(label: "find-open") { [unowned self] frame in
            if frame == 0 {
                guard subject.openFind() else {
                    report["find"] = ["error": "this program has no find entry"]
                    self.steps.removeAll()
                    return true
                }
                find = recorder
                return false
            }
            return frame >= script.settleFrames
        }
        var steps = [open]
        for _ in 0..<script.findRounds {
            for query in script.findQueries {
                steps.append(Step(label: "find") { [unowned self] frame in
                    if frame == 0 {
                        let start = g_get_monotonic_time()
                        subject.setFindText(query)
                        recorder.started(query, at: start, returned: g_get_monotonic_time())
                        return false
                    }
                    guard recorder.isWaiting else { return true }
                    guard frame < Self.typingTimeoutFrames else {
                        report["find"] = ["error": "no frame showed the rows of \"\(query)\""]
                        self.steps.removeAll()
                        return true
                    }
                    return false
                })
                steps.append(Step(label: "find-clear") { [unowned self] frame in
                    if frame == 0 { subject.setFindText("") }
                    return subject.findShows("") && frame >= script.settleFrames
                })
            }
        }
        steps.append(Step(label: "after-find") { [unowned self] _ in
            report["find"] = ["queries": recorder.json(rows: subject.rowCount)]
            return true
        })
        return steps
    }

    /// Asks the driver to click on the note's text (`PATH.ready` holds the point), waits for
    /// the frame that shows the caret, then asks for the keys (`PATH.caret`).
    private func clickStep() -> Step {
        Step(label: "typing-click") { [unowned self] frame in
            if frame == 0 {
                guard let point = subject.typingTargetClickPoint() else {
                    report["typing"] = ["error": "the note shows no text to click"]
                    steps.removeAll()
                    return true
                }
                click = ClickLatencyRecorder(window: subject.window) { [unowned self] in subject.typingTargetShowsCaret }
                startRecordingKeys()
                let request = try? JSONSerialization.data(withJSONObject: ["click": ["x": point.x, "y": point.y]])
                readyForKeys(marker: ".ready", contents: request ?? Data())
                return false
            }
            guard click?.latency != nil else {
                guard frame >= Self.typingTimeoutFrames else { return false }
                report["typing"] = ["error": "no caret after the click"]
                steps.removeAll()
                return true
            }
            readyForKeys(marker: ".caret", contents: Data())
            return true
        }
    }

    private func startRecordingKeys() {
        keys = KeyLatencyRecorder(
            window: subject.window, measuredRowCount: { [unowned self] in subject.measuredRowCount },
            widgetMeasuredRowCount: { [unowned self] in subject.widgetMeasuredRowCount })
    }

    /// Notes the counts typing is measured from, and tells the driver (a file beside the output).
    private func readyForKeys(marker: String, contents: Data) {
        report["measuredRowsBeforeTyping"] = subject.measuredRowCount
        report["widgetMeasuredRowsBeforeTyping"] = subject.widgetMeasuredRowCount
        report["widgetMeasureCallsBeforeTyping"] = subject.widgetMeasureCallCount
        _ = FileManager.default.createFile(atPath: outputPath + marker, contents: contents)
    }

    private func timings(of label: String) -> [String: Any] {
        let (intervals, work) = recorder.timings(of: label)
        let series = contentHeights[label] ?? []
        let heights = SampleSummary(series)
        return [
            "frames": work.count, "intervalMs": intervals.json, "workMs": work.json,
            "rowsMeasured": subject.measuredRowCount - (measuredAtStart[label]?.model ?? 0),
            "widgetRowsMeasured": subject.widgetMeasuredRowCount - (measuredAtStart[label]?.widgets ?? 0),
            "widgetMeasureCalls": subject.widgetMeasureCallCount - (measuredAtStart[label]?.calls ?? 0),
            "contentHeight": [
                "min": heights.minimum, "max": heights.maximum, "first": series.first ?? 0, "last": series.last ?? 0,
                "spanPercent": heights.minimum > 0 ? (heights.maximum - heights.minimum) / heights.minimum * 100 : 0,
            ],
        ]
    }

    // MARK: Finishing

    /// Ends the run: the pixel oracle on its last frame (`LastFrameOracle`, reported as
    /// `lastFrameMatchesFullRedraw`: the driver counts no figure of a run that fails it), then
    /// the report.
    private func finish() {
        finished = true
        LastFrameOracle.check(
            window: subject.window, evidencePrefix: outputPath + ".oracle", isQuiet: { [subject] in subject.isQuiet },
            dropCaches: { [subject] in subject.dropDrawingCaches() }
        ) { [self] outcome in
            report["lastFrameMatchesFullRedraw"] = outcome == .matches
            report["lastFrameOracle"] = outcome.rawValue
            writeReport()
        }
    }

    private func writeReport() {
        report["script"] = script.name
        report["rows"] = subject.rowCount
        report["peakRssBytes"] = ProcessProbe.peakResidentBytes()
        report["retainedRssBytes"] = ProcessProbe.retainedResidentBytes()
        report["rowWidgetsAtEnd"] = subject.liveRowWidgets
        report["framesRecorded"] = recorder.frames.count
        // The driver times quitting from here to the process's exit (the same clock).
        report["closeRequestedMonotonicUs"] = g_get_monotonic_time()
        do {
            let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("benchmark: cannot write \(outputPath): \(error)\n".utf8))
        }
        MainLoopSource.idle { [onFinished] in
            onFinished()
            return false
        }
    }
}
