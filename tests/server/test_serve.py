"""``huapai serve`` configuration: where the data goes, and clear words for a bad database."""

from __future__ import annotations

from pathlib import Path

import pytest

from huapai.server.config import ENV_DATA_DIR, ENV_DATABASE_URL, database_url, normalize_url
from huapai.server.serve import serve


def test_database_url_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_DATABASE_URL, raising=False)
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))
    assert database_url() == f"sqlite:///{tmp_path / 'data' / 'huapai.sqlite3'}"
    assert (tmp_path / "data").is_dir()
    assert database_url(data=tmp_path / "other").endswith("other/huapai.sqlite3")
    monkeypatch.setenv(ENV_DATABASE_URL, "postgresql://u@h/db")
    assert database_url() == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert normalize_url("postgres://u:p@h/db") == "postgresql+psycopg://u:p@h/db"


@pytest.mark.parametrize("url", ["nonsense://x", "postgresql://nobody:secret@127.0.0.1:1/x"])
def test_a_bad_database_is_one_clear_line(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        serve(port=0, database_url=url)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "cannot open the database" in err and "Traceback" not in err
    assert "secret" not in err  # the password is never printed


def test_a_rule_files_folder_that_is_not_one_stops_the_server(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        serve(port=0, database_url=f"sqlite:///{tmp_path / 'x.db'}",
              rule_files=str(tmp_path / "no-such-folder"))
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--rule-files" in err and "not a folder" in err and "Traceback" not in err
