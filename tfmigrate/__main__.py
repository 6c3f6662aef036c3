from tfmigrate.cli import main

raise SystemExit(main())
