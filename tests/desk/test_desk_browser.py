"""A whole event run through the desk's pages in a real Chromium (Playwright), against
a real server process: create the event, import 30 players, pair and publish five
rounds (one board edited and the live check read), enter results from two browsers at
once, including the same board (one is shown a conflict, nothing is lost), correct a
result, read the standings, the crosstable and the print page, check the exported file
on the arbiter's check page, and undo from the log.

The expected standings are tallied here from the results the test typed, not read back
from the desk. A screenshot of every page goes to tests/desk/artifacts/.
"""

from __future__ import annotations

import asyncio
import random
import re
from fractions import Fraction

import pytest

pytest.importorskip("playwright", reason="playwright is in the test extra: pip install -e '.[test]'")

from playwright.async_api import Browser, Page, async_playwright, expect

PLAYERS = 30
ROUNDS = 5
POINTS = {
    "1": (Fraction(1), Fraction(0)),
    "0": (Fraction(0), Fraction(1)),
    "=": (Fraction(1, 2), Fraction(1, 2)),
    "+": (Fraction(1), Fraction(0)),
    "-": (Fraction(0), Fraction(1)),
    "--": (Fraction(0), Fraction(0)),
}
SHOWN = {"1": "1-0", "0": "0-1", "=": "½-½", "+": "+ -", "-": "- +", "--": "- -"}


def players_csv(seed: int) -> bytes:
    rng = random.Random(seed)
    feds = ["ITA", "FRA", "GER", "ESP", "NED", "SUI"]
    titles = ["GM", "IM", "FM", "", "", "", "", ""]
    lines = ["name,rating,federation,title,fide_id"]
    for k in range(PLAYERS):
        lines.append(
            f'"Player{k:02d}, {chr(65 + k % 26)}.",{rng.randint(1500, 2550)},{rng.choice(feds)},'
            f"{rng.choice(titles)},{90000 + k}"
        )
    return ("\n".join(lines) + "\n").encode()


def test_whole_event_through_the_pages(desk_server, chromium, artifacts):
    asyncio.run(run_event(desk_server.url, chromium, artifacts))


async def shot(page: Page, artifacts, name: str) -> None:
    await page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


async def board_rows(page: Page) -> dict[int, tuple[int, int]]:
    """Board number -> (white, black) read from a result grid."""
    out = {}
    for row in await page.locator("#grid tbody tr").all():
        cells = await row.locator("td").all_inner_texts()
        out[int(cells[0])] = (int(cells[1]), int(cells[7]))
    return out


async def enter_quick(page: Page, board: int, key: str) -> None:
    """The keyboard grid: board number, then the result, then Enter."""
    await page.fill("#quick", f"{board} {key}" if key in ("1", "0") else f"{board}{key}")
    await page.press("#quick", "Enter")
    await expect(page.locator("#quick-status")).to_contain_text(f"board {board}:")


async def enter_button(page: Page, board: int, key: str) -> None:
    row = page.locator(f"#b{board}")
    await row.locator("button.key", has_text=SHOWN[key]).click()
    await expect(page.locator(f"#b{board} td.result")).to_have_text(SHOWN[key])
    await expect(page.locator(f"#b{board}")).to_have_class(re.compile(r"^done( conflict)?$"))


async def run_event(url: str, chromium: dict, artifacts) -> None:
    rng = random.Random(24)
    async with async_playwright() as pw:
        browser: Browser = await pw.chromium.launch(**chromium)
        admin_ctx = await browser.new_context(viewport={"width": 1360, "height": 900})
        device_ctx = await browser.new_context(viewport={"width": 420, "height": 860})
        admin = await admin_ctx.new_page()
        admin.on("dialog", lambda d: asyncio.ensure_future(d.accept()))

        # first start: the admin password
        await admin.goto(url + "/")
        await expect(admin).to_have_url(re.compile(r"/setup$"))
        await shot(admin, artifacts, "01-setup")
        await admin.fill("input[name=password]", "arbiter-2026")
        await admin.fill("input[name=repeat]", "arbiter-2026")
        await admin.click("text=Set the password")

        # the event
        form = admin.locator("#new-event")
        await form.locator("input[name=name]").fill("Circolo Open 2026")
        await form.locator("input[name=place]").fill("Firenze")
        await form.locator("input[name=federation]").fill("ITA")
        await form.locator("input[name=start]").fill("2026-12-03")
        await form.locator("input[name=end]").fill("2026-12-06")
        await form.locator("input[name=arbiter]").fill("IA Rossi, Maria")
        await form.locator("input[name=time_control]").fill("90'+30''")
        await form.locator("input[name=rounds]").fill(str(ROUNDS))
        await shot(admin, artifacts, "02-events")
        await form.locator("button.primary").click()
        await expect(admin.locator(".flash.ok")).to_contain_text("initial colour")
        slug = admin.url.split("/e/")[1].split("?")[0]
        e = f"{url}/e/{slug}"
        await expect(admin.locator("dl.facts")).to_contain_text("drawn by lot")
        await shot(admin, artifacts, "03-event")

        # players from a CSV
        await admin.goto(e + "/players")
        await admin.set_input_files(
            "#import-players input[type=file]",
            {"name": "players.csv", "mimeType": "text/csv", "buffer": players_csv(7)},
        )
        await admin.click("#import-players button")
        await expect(admin.locator(".flash.ok")).to_contain_text(f"{PLAYERS} players imported")
        await expect(admin.locator("#players tbody tr")).to_have_count(PLAYERS)
        ratings = [int(x) for x in await admin.locator("#players tbody tr td:nth-child(4)").all_inner_texts()]
        assert ratings == sorted(ratings, reverse=True), "numbered in the initial order, highest rating first"
        await shot(admin, artifacts, "04-players")

        # a result-entry device
        await admin.goto(url + "/devices")
        await admin.fill("input[name=name]", "tablet 1")
        await admin.click("text=Add a device")
        link = await admin.locator("a.device-link").first.get_attribute("href")
        await shot(admin, artifacts, "05-devices")
        device = await device_ctx.new_page()
        device.on("dialog", lambda d: asyncio.ensure_future(d.accept()))
        await device.goto(link)
        await expect(device.locator(".flash.ok")).to_contain_text("enters results as device tablet 1")
        # a device may enter results but not pair
        await device.goto(e + "/rounds")
        await expect(device.locator("main h1")).to_have_text("Not allowed")

        points = {pid: Fraction(0) for pid in range(1, PLAYERS + 1)}
        entered: dict[tuple[int, int], tuple[int, int, str]] = {}
        for r in range(1, ROUNDS + 1):
            if r == 3:  # the lowest-rated player asks for a half-point bye: 29 to pair, one gets the PAB
                await admin.goto(e + "/availability")
                cell = admin.locator(f'select[aria-label="player {PLAYERS} round 3"]')
                await cell.select_option("half")
                await expect(
                    admin.locator(f'select[aria-label="player {PLAYERS} round 3"] + .cellnote')
                ).to_contain_text("saved")
                await shot(admin, artifacts, "05b-availability")
            on_boards = (PLAYERS - (1 if r == 3 else 0)) // 2
            await admin.goto(e + "/rounds")
            await admin.click("#pair-button")
            await expect(admin.locator("#draft-boards tbody tr")).to_have_count(on_boards)
            await expect(admin.locator("#check")).to_contain_text("as the rules pair it")
            if r == 1:
                await shot(admin, artifacts, "06-draft")
                # edit a board: swap its colours; the live check says what it breaks
                white = int(await admin.locator("#d1 td:nth-child(2)").inner_text())
                await admin.locator("#d1 button", has_text="colours").click()
                await expect(admin.locator("#check")).to_contain_text("differs from the rules' pairing")
                await expect(admin.locator("#check")).to_contain_text(f"gives White to {white} (")  # number, then name
                await admin.locator("#d1 button", has_text="why?").click()
                await expect(admin.locator("#explanation")).to_contain_text("bracket")
                await shot(admin, artifacts, "07-draft-edited")
                await admin.locator("#d1 button", has_text="colours").click()
                await expect(admin.locator("#check")).to_contain_text("as the rules pair it (after 2 edits)")
            if r == 2:
                # unpair a board, and pair its two players again from the form
                cells = await admin.locator("#d3 td").all_inner_texts()
                w, b = int(cells[1]), int(cells[7])
                await admin.locator("#d3 button", has_text="unpair").click()
                await expect(admin.locator("#check")).not_to_contain_text("as the rules pair it")
                await admin.fill("#pairtwo-form input[name=a]", str(w))
                await admin.fill("#pairtwo-form input[name=b]", str(b))
                await admin.click("#pairtwo-form button")
                await expect(admin.locator("#check")).to_contain_text("as the rules pair it")
                cells = await admin.locator("#d3 td").all_inner_texts()
                assert (int(cells[1]), int(cells[7])) == (w, b), "the board goes back to its place"
            await admin.click("#publish")
            await expect(admin).to_have_url(re.compile(rf"/results/{r}"))
            await expect(admin.locator(".flash.ok")).to_contain_text(f"round {r} published")
            boards = await board_rows(admin)
            assert len(boards) == on_boards
            not_playing = {
                int(await x.get_attribute("data-id")): await x.get_attribute("data-code")
                for x in await admin.locator("#not-playing .np").all()
            }
            if r == 3:
                assert not_playing.pop(PLAYERS) == "H" and list(not_playing.values()) == ["U"]
                (pab,) = not_playing
                points[PLAYERS] += Fraction(1, 2)
                points[pab] += 1  # the pairing-allocated bye scores a win (C.04.1)
            else:
                assert not not_playing

            keys = {n: rng.choice(["1", "1", "0", "0", "=", "="]) for n in boards}
            if r == 3:
                keys[4], keys[7] = "+", "--"  # a forfeit and a double forfeit

            # the same board from both browsers at once: one wins, the other is told
            await device.goto(f"{e}/results/{r}")
            conflict_key = "0" if keys[1] != "0" else "1"
            await asyncio.gather(
                enter_quick(admin, 1, keys[1]),
                device.locator("#b1 button.key", has_text=SHOWN[conflict_key]).click(),
            )
            for page in (admin, device):  # both rows swapped and settled
                await expect(page.locator("#b1")).to_have_class(re.compile(r"^done( conflict)?$"))
            admin_saw = (await admin.locator("#b1").get_attribute("class")) or ""
            device_saw = (await device.locator("#b1").get_attribute("class")) or ""
            assert ("conflict" in admin_saw) != ("conflict" in device_saw), "exactly one device is told"
            winner = conflict_key if "conflict" in admin_saw else keys[1]
            loser_page = admin if "conflict" in admin_saw else device
            await expect(loser_page.locator("#b1 .conflict-note")).to_contain_text("was not saved")
            await expect(loser_page.locator("#b1 td.result")).to_have_text(SHOWN[winner])
            keys[1] = winner
            if r == 1:
                await shot(device, artifacts, "08-conflict-device" if loser_page is device else "08-other-device")
                await shot(admin, artifacts, "08-conflict-admin" if loser_page is admin else "08-results-admin")

            # the other boards: the admin types odd boards, the tablet taps even ones, at once
            odd = [n for n in sorted(boards) if n > 1 and n % 2]
            even = [n for n in sorted(boards) if n > 1 and not n % 2]
            if r == 2:  # one board from its own page, reached by its short code
                code = (await device.locator(f"#b{even[-1]} td:last-child").inner_text()).strip()
                board_page = await device_ctx.new_page()
                await board_page.goto(f"{e}/b/{code}")
                await board_page.locator(".bigkeys button", has_text=SHOWN[keys[even[-1]]]).first.click()
                await expect(board_page.locator("#board-result")).to_have_text(SHOWN[keys[even[-1]]])
                await shot(board_page, artifacts, "09-board-phone")
                await board_page.close()
                even = even[:-1]

            async def admin_types(boards_to_do=odd):
                for n in boards_to_do:
                    await enter_quick(admin, n, keys[n])

            async def tablet_taps(boards_to_do=even):
                for n in boards_to_do:
                    await enter_button(device, n, keys[n])

            if r == ROUNDS:  # the hall screen follows by itself (server-sent events)
                hall = await admin_ctx.new_page()
                await hall.goto(e + "/hall")
                await expect(hall.locator("#hall table").first).to_be_visible()
                before = int(await hall.locator("#hall").get_attribute("data-refreshes") or 0)
            await asyncio.gather(admin_types(), tablet_taps())
            if r == ROUNDS:
                await expect(hall.locator("#hall")).not_to_have_attribute("data-refreshes", str(before))
                await expect(hall.locator("#hall .hall-page.shown")).to_be_visible()
                await shot(hall, artifacts, "14-hall")
                await hall.close()

            await admin.goto(f"{e}/results/{r}")
            await expect(admin.locator("#missing")).to_contain_text(f"0 of {on_boards}")
            for n, (w, b) in boards.items():
                await expect(admin.locator(f"#b{n} td.result")).to_have_text(SHOWN[keys[n]])
                pw_, pb_ = POINTS[keys[n]]
                points[w] += pw_
                points[b] += pb_
                entered[(r, n)] = (w, b, keys[n])
            if r == 3:
                await shot(admin, artifacts, "10-results")

        # a correction in round 4, after round 5 was paired with the old result
        await admin.goto(f"{e}/results/4")
        await expect(admin.locator(".flash.warn")).to_contain_text("Round 5 was paired after this one")
        w, b, old = entered[(4, 2)]
        new = "0" if old != "0" else "1"
        await enter_button(admin, 2, new)
        await expect(admin.locator("#b2 .flash.warn")).to_contain_text("round 5 was paired with the old result")
        await shot(admin, artifacts, "11-correction")
        for pid, (old_pts, new_pts) in ((w, (POINTS[old][0], POINTS[new][0])), (b, (POINTS[old][1], POINTS[new][1]))):
            points[pid] += new_pts - old_pts
        entered[(4, 2)] = (w, b, new)

        # standings: every player's points as tallied here
        await admin.goto(e + "/standings")
        rows = admin.locator("#standings tbody tr")
        await expect(rows).to_have_count(PLAYERS)
        header = await admin.locator("#standings thead th").all_inner_texts()
        col_rank, col_points = header.index("START RANK"), header.index("POINTS")
        shown = {}
        for row in await rows.all():
            cells = await row.locator("td").all_inner_texts()
            shown[int(cells[col_rank])] = Fraction(cells[col_points].replace("½", ".5").replace("..", "."))
        assert shown == points
        places = await admin.locator("#standings tbody tr td:nth-child(1)").all_inner_texts()
        assert places[0].startswith("1")
        assert "BH/C1" in header and "SB" in header
        await shot(admin, artifacts, "12-standings")

        await admin.goto(e + "/crosstable")
        await expect(admin.locator("#crosstable tbody tr")).to_have_count(PLAYERS)
        await shot(admin, artifacts, "13-crosstable")

        # the pairing list, on screen and printed on A4
        await admin.goto(f"{e}/pairings/{ROUNDS}")
        await expect(admin.locator("#pairing-list tbody tr")).to_have_count(PLAYERS // 2)
        await shot(admin, artifacts, "15-pairings")
        await admin.goto(f"{e}/pairings/{ROUNDS}?order=name")
        await expect(admin.locator("#alphabetical tbody tr")).to_have_count(PLAYERS)
        await admin.emulate_media(media="print")
        await expect(admin.locator("header.top")).to_be_hidden()
        await expect(admin.locator(".printonly")).to_contain_text("Circolo Open 2026")
        await shot(admin, artifacts, "16-print-alphabetical")
        await admin.goto(e + "/standings")
        await shot(admin, artifacts, "17-print-standings")
        await admin.pdf(path=str(artifacts / "standings-a4.pdf"), format="A4")
        await admin.emulate_media(media="screen")

        # the exported TRF26 holds every result typed; the arbiter's check reads it
        export = await admin_ctx.request.get(e + "/export/trf26")
        trf = await export.text()
        for (r, _n), (w, b, key) in entered.items():
            line = next(x for x in trf.splitlines() if x.startswith("001") and int(x[4:8]) == w)
            cell = line[91 + 10 * (r - 1) : 91 + 10 * r]
            assert (int(cell[:4]), cell[5], cell[7]) == (b, "w", key[0]), (r, w, b, cell)
        await admin.goto(url + "/check")
        await admin.set_input_files(
            "#check-form input[type=file]", {"name": "export.trf", "mimeType": "text/plain", "buffer": trf.encode()}
        )
        await admin.click("#check-form button")
        verdicts = admin.locator("#verdicts tbody tr")
        await expect(verdicts).to_have_count(ROUNDS)
        for r in range(1, ROUNDS):  # round 5 was paired before the correction in round 4
            await expect(verdicts.nth(r - 1)).to_contain_text("as the rules pair it")
        await admin.fill("#explain-check input[name=round]", "1")
        w1, b1, _ = entered[(1, 1)]
        await admin.fill("#explain-check input[name=x]", str(w1))
        await admin.fill("#explain-check input[name=y]", str(b1))
        await admin.click("#explain-check button")
        await expect(admin.locator("pre.explain")).to_contain_text("bracket")
        await shot(admin, artifacts, "18-check")

        # undo the correction from the log: round 4 board 2 reads the old result again
        await admin.goto(e + "/log")
        await expect(admin.locator("#log")).to_contain_text("changed from")
        await admin.click("text=Undo the last change")
        await expect(admin.locator(".flash.ok")).to_contain_text("undone")
        await expect(admin.locator("#log tbody tr.undone").first).to_contain_text("changed from")
        await shot(admin, artifacts, "19-log")
        await admin.goto(f"{e}/results/4")
        await expect(admin.locator("#b2 td.result")).to_have_text(SHOWN[old])

        # the public: read-only pages, no result entry
        public = await (await browser.new_context()).new_page()
        await public.goto(e + "/standings")
        await expect(public.locator("#standings tbody tr")).to_have_count(PLAYERS)
        await public.goto(e + "/results/1")
        await expect(public).to_have_url(re.compile(r"/login"))
        await browser.close()
